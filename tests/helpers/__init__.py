"""What the tests share: drivers, servers, loops."""
