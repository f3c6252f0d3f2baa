"""Static files storage for production (``DEBUG`` off)."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed, hashed storage, except that a file missing from the manifest
    (``collectstatic`` not run with this storage, or a file added since) gets its plain URL
    instead of failing the whole page with a 500: the admin's pages name dozens of static
    files, and a missing stylesheet must not cost the sign-in page."""

    def stored_name(self, name):
        try:
            return super().stored_name(name)
        except ValueError:
            return name
