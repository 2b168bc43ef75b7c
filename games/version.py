"""The app's version: the one place it is written. The release workflow checks
that a tag ``vX.Y.Z`` matches it; saves record it; ``main.py --version`` prints it."""
__version__ = "1.1.0"
