"""What the table does besides scoring: the game's clock, drawing seats, rolling dice."""
