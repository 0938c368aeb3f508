"""`client.ai_visibility` and its sub-resources."""
