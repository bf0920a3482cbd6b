"""``/favicon.ico`` answers with the site's own icon (issue 27: "/favicon.ico answers 404 on every
new visit"), vendored in static/ (nothing from a CDN), and every page links its icons."""

from django.urls import reverse


def test_the_favicon_is_served_from_the_sites_own_files(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    body = b"".join(response.streaming_content)
    assert body[:4] == b"\x00\x00\x01\x00", "an ICO file"
    assert b"\x89PNG" in body and "max-age=86400" in response["Cache-Control"]


def test_every_page_links_its_icons(client, db):
    page = client.get(reverse("home")).content.decode()
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page
    assert '<link rel="icon" href="/favicon.ico" sizes="32x32">' in page
