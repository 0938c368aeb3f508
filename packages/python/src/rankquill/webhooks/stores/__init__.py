"""Where a receiver keeps the articles it is sent."""
