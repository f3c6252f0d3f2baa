"""How the report writes the reader's language: its numbers, dates and percentages (Babel, by
the active language's locale) and, for a right-to-left language, its lines.

ReportLab draws the glyphs it is given, in the order given. A right-to-left paragraph is
therefore broken into lines in reading order here, and each line is shaped (Arabic letters take
their joined forms: arabic-reshaper) and put in visual order (the Unicode bidirectional
algorithm: python-bidi) before it is drawn, right-aligned, in a font that has the script
(DejaVu Sans, Debian's fonts-dejavu-core)."""

from __future__ import annotations

import datetime
from functools import cache
from pathlib import Path

import arabic_reshaper
from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal, format_percent
from bidi.algorithm import get_display  # mirrors brackets in right-to-left runs
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Flowable

from apps.common.errors import DomainError

RTL_FONT, RTL_BOLD = "DejaVuSans", "DejaVuSans-Bold"


class FontMissing(DomainError):
    code = "report_font_missing"
    status = 503


def right_to_left() -> bool:
    return translation.get_language_bidi()


def _locale() -> str:
    """The active language's locale for Babel (English: the clinic's British forms, 2 Dec 2026)."""
    language = translation.get_language() or "en"
    return "en_GB" if language == "en" else translation.to_locale(language)


def percent(fraction: float) -> str:
    """0.45 as the reader writes 45 per cent."""
    return unmarked(format_percent(fraction, locale=_locale()))


def decimal(value: float, places: int = 0) -> str:
    pattern = "#,##0" + ("." + "0" * places if places else "")
    return unmarked(format_decimal(value, format=pattern, locale=_locale()))


def unmarked(text: str) -> str:
    """Without the invisible direction marks CLDR puts around Arabic numbers and dates (the
    layout sets the direction, and the report's font has no glyph for them), and with French's
    narrow no-break space as a no-break space (the standard fonts have only that one)."""
    return text.translate({0x200E: None, 0x200F: None, 0x061C: None, 0x202F: 0x00A0})


def day(value: datetime.date | datetime.datetime) -> str:
    if isinstance(value, datetime.datetime):
        value = timezone.localtime(value).date()
    return unmarked(format_date(value, format="medium", locale=_locale()))


def moment(value: datetime.datetime, *, zone: bool = False) -> str:
    local = timezone.localtime(value)
    text = unmarked(format_datetime(local, format="medium", locale=_locale(), tzinfo=local.tzinfo))
    return f"{text} {local.strftime('%Z')}" if zone else text


@cache
def rtl_fonts() -> tuple[str, str]:
    """The right-to-left fonts, registered once."""
    for name in (RTL_FONT, RTL_BOLD):
        path = Path(settings.REPORT_FONT_DIR) / f"{name}.ttf"
        if not path.is_file():
            raise FontMissing(
                gettext(
                    "The report cannot be printed in this language: its font (DejaVu Sans) "
                    "is not installed on the server."
                )
            )
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return RTL_FONT, RTL_BOLD


# The catalogues isolate a Latin name in a right-to-left line (U+2066 ... U+2069), which the
# bidirectional algorithm here predates: it reads them as the embeddings of old (U+202A ...
# U+202C), which keep the name's apostrophe with it as well, and drops them once applied.
EMBEDDINGS = {0x2066: 0x202A, 0x2067: 0x202B, 0x2068: 0x202A, 0x2069: 0x202C}
ISOLATES = dict.fromkeys(EMBEDDINGS)  # none of them has a glyph, nor a width


def visual(text: str) -> str:
    """A line of logical text as it is drawn: letters joined, in visual order."""
    return get_display(arabic_reshaper.reshape(text.translate(EMBEDDINGS)), base_dir="R")


def font_of(style: ParagraphStyle) -> str:
    regular, bold = rtl_fonts()
    return bold if "Bold" in style.fontName else regular


def lines(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width``, in reading order."""
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            drawn = arabic_reshaper.reshape(candidate.translate(ISOLATES))
            fits = pdfmetrics.stringWidth(drawn, font, size) <= width
            if line and not fits:
                out.append(line)
                line = word
            else:
                line = candidate
        out.append(line)
    return out


class RightToLeft(Flowable):
    """A paragraph of a right-to-left language, right-aligned."""

    def __init__(self, text: str, style: ParagraphStyle):
        super().__init__()
        self.text, self.style = text, style
        self.font = font_of(style)
        self.lines: list[str] = []

    def wrap(self, avail_width, avail_height):
        self.width = avail_width
        self.lines = lines(self.text, self.font, self.style.fontSize, avail_width)
        self.height = len(self.lines) * self.style.leading
        return self.width, self.height

    def getSpaceBefore(self):
        return self.style.spaceBefore

    def getSpaceAfter(self):
        return self.style.spaceAfter

    def draw(self):
        canvas, size, leading = self.canv, self.style.fontSize, self.style.leading
        canvas.setFont(self.font, size)
        canvas.setFillColor(self.style.textColor)
        for i, line in enumerate(self.lines):
            baseline = self.height - i * leading - size
            canvas.drawRightString(self.width, baseline, visual(line))
