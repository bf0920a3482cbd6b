def navigation(request):
    """What the navigation bar needs to show links by role."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav": {"judges": False, "organizes": False}}
    from clubs.permissions import clubs_user_judges, clubs_user_organizes

    return {
        "nav": {
            "judges": clubs_user_judges(user).exists(),
            "organizes": clubs_user_organizes(user).exists(),
        }
    }
