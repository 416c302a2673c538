"""The series at the table, in memory: the session and its hands, who sits where
(seats and substitutes), and when two names are the same player."""
