"""Pseudonymous participant codes such as ``MX-7K3Q9``.

The alphabet leaves out characters that are easily confused when read aloud or copied from paper
(0/O, 1/I/L); five characters from it give about 28 million codes per study.
"""

import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
PREFIX = "MX"
LENGTH = 5


def participant_code_new() -> str:
    """A random code; uniqueness within the study is checked when it is stored."""
    return f"{PREFIX}-" + "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
