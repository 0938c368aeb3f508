"""The resources of the async client, one module each."""
