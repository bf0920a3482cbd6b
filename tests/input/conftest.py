from tests.api.conftest import world, world_data  # noqa: F401  (the API world, built once per module)
