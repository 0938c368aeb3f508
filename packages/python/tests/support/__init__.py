"""What the tests share: the reference server process and small local HTTP servers."""
