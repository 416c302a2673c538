"""How points are written on screen."""


def points(n: int) -> str:
    return f"{n:,}"


def change(n: int | None) -> str:
    if n is None:
        return ""
    return f"{n:+,}" if n else "0"
