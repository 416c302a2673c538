"""What is made of saved sessions: exports, replay, statistics, the league, what-if,
the rules reference and the table display's board."""
