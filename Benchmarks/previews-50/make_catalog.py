#!/usr/bin/env python3
"""A string catalog in 10 languages for the 50-preview benchmark (issue 27), made from the keys
the previews look up (`previews-50 --keys`, one a line, newlines escaped as \\n).

No translations exist for the corpus, so each language is a deterministic pseudo-localisation
in the manner of Xcode's and Android's pseudo-languages, but written in the language's own
script and with its typical length, so that wrapping, truncation and right-to-left layout
meet realistic text:

  en     the keys as written (the source)
  de     +35 %: German-like endings and umlauts, every other pair of words joined (long compounds)
  fi     +45 %: Finnish-like case endings and double vowels, compounds
  fr     +20 %: accents, French endings, an article now and then
  es     +20 %: Spanish endings and accents
  pt-BR  +25 %: Portuguese endings (-ção, -mente)
  pl     +30 %: Polish letters and endings
  ru     +15 %: Cyrillic transliteration with Russian endings
  ja     -50 %: kana and kanji, no spaces between words, Japanese punctuation
  ar     ~ +5 %: Arabic letters, right to left

Format specifiers (%lld, %@, %1$@, %%) and digits are kept as they are; a word written in
capitals stays in capitals. The same keys give the same catalog on every run (CRC-32 of the
word picks each variant).

  make_catalog.py KEYS_FILE > Localizable.xcstrings
"""
import json
import re
import sys
import zlib

LANGUAGES = ["en", "de", "fi", "fr", "es", "pt-BR", "pl", "ru", "ja", "ar"]
TOKEN = re.compile(r"%(?:\d+\$)?(?:ll|l|h)?[dDuUxXoOfeEgGcCsSpaA@]|%%|[^\W\d_]+|\s+|.", re.UNICODE)
FORMAT = re.compile(r"%(?:\d+\$)?(?:ll|l|h)?[dDuUxXoOfeEgGcCsSpaA@]|%%")

SUFFIXES = {
    "de": ["en", "ung", "keit", "lich", "er", "schaft", "ig", "e"],
    "fi": ["ssa", "lla", "minen", "kseen", "iden", "aan", "isuus", "ttä"],
    "fr": ["e", "es", "ment", "ion", "eur", "é", "aire", ""],
    "es": ["o", "a", "ción", "mente", "es", "ado", "ía", ""],
    "pt-BR": ["ção", "ões", "mente", "inho", "a", "ado", "ível", ""],
    "pl": ["ość", "anie", "ego", "ych", "ski", "ów", "ę", ""],
    "ru": ["ия", "ов", "ный", "ать", "ение", "ой", "", ""],
    "ar": ["ات", "ية", "ون", "", "", "ة"],
}
ACCENTS = {
    "de": {"a": "ä", "o": "ö", "u": "ü"},
    "fi": {"a": "ä", "o": "ö"},
    "fr": {"e": "é", "a": "à", "i": "î", "o": "ô"},
    "es": {"a": "á", "e": "é", "o": "ó", "n": "ñ"},
    "pt-BR": {"a": "ã", "o": "õ", "c": "ç", "e": "ê"},
    "pl": {"l": "ł", "z": "ż", "s": "ś", "c": "ć", "e": "ę", "a": "ą"},
}
CYRILLIC = dict(zip("abcdefghijklmnopqrstuvwxyz",
                    ["а", "б", "ц", "д", "е", "ф", "г", "х", "и", "й", "к", "л", "м", "н", "о", "п", "к", "р", "с", "т",
                     "у", "в", "в", "кс", "ы", "з"]))
ARABIC = dict(zip("abcdefghijklmnopqrstuvwxyz",
                  ["ا", "ب", "ك", "د", "ي", "ف", "غ", "ه", "ي", "ج", "ك", "ل", "م", "ن", "و", "ب", "ق", "ر", "س", "ت",
                   "و", "ف", "و", "كس", "ي", "ز"]))
KANA = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン"
KANJI = "設定表示通知画面文字時間写真予定保存共有検索確認変更登録削除追加送信受信開始終了名前住所電話番号料金合計支払"
JA_PUNCTUATION = {".": "。", ",": "、", "!": "！", "?": "？", ":": "：", "(": "（", ")": "）"}


def pick(options, word, salt=""):
    return options[zlib.crc32((salt + word).encode()) % len(options)]


def latin_word(word, language):
    lower = word.lower()
    accents = ACCENTS.get(language, {})
    # Accent one letter in three of the kinds the language accents.
    out = "".join(accents.get(ch, ch) if (i + zlib.crc32(lower.encode())) % 3 == 0 else ch
                  for i, ch in enumerate(lower))
    if language == "fi":
        out = re.sub(r"([aeiouäö])", lambda m: m.group(1) * 2 if zlib.crc32(out.encode()) % 2 else m.group(1), out, count=1)
    if len(word) > 2:
        out += pick(SUFFIXES[language], lower, language)
    return out


def script_word(word, language):
    lower = word.lower()
    if language == "ru":
        table, suffix = CYRILLIC, pick(SUFFIXES["ru"], lower)
    else:
        table, suffix = ARABIC, pick(SUFFIXES["ar"], lower)
    out = "".join(table.get(ch, ch) for ch in lower)
    return out + (suffix if len(word) > 2 else "")


def japanese_word(word):
    # About half the letters, one character in three a kanji.
    count = max(1, (len(word) + 1) // 2)
    seed = zlib.crc32(word.lower().encode())
    chars = []
    for i in range(count):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        pool = KANJI if i % 3 == 0 else KANA
        chars.append(pool[seed % len(pool)])
    return "".join(chars)


def with_case(original, out):
    if original.isupper() and len(original) > 1:
        return out.upper()
    if original[:1].isupper():
        return out[:1].upper() + out[1:]
    return out


def translate(text, language):
    if language == "en":
        return text
    tokens = TOKEN.findall(text)
    out = []
    joined_last = False
    joined = [False] * len(tokens)
    for index, token in enumerate(tokens):
        if FORMAT.fullmatch(token) or not re.fullmatch(r"[^\W\d_]+", token):
            if language == "ja":
                if token.isspace():
                    continue  # no spaces between Japanese words
                token = JA_PUNCTUATION.get(token, token)
            # German and Finnish join a word to the next: drop the space between them.
            if token == " " and language in ("de", "fi") and out and joined_last:
                joined_last = False
                continue
            out.append(token)
            continue
        if language == "ja":
            out.append(japanese_word(token))
        elif language in ("ru", "ar"):
            out.append(script_word(token, language) if language == "ar" else with_case(token, script_word(token, language)))
        else:
            word = with_case(token, latin_word(token, language))
            if language == "fr" and len(token) > 4 and zlib.crc32(token.encode()) % 4 == 0:
                word = "de " + word
            out.append(word)
            # Every other pair of words becomes one compound word.
            if language in ("de", "fi"):
                next_is_word = index + 2 < len(tokens) and tokens[index + 1] == " " \
                    and re.fullmatch(r"[^\W\d_]+", tokens[index + 2])
                # A word that ends a compound starts none: two parts at most.
                second_part = index >= 2 and joined[index - 2]
                joined_last = bool(next_is_word) and not second_part and zlib.crc32(token.encode()) % 2 == 0
                joined[index] = joined_last
                if joined_last:
                    # The second part loses its capital, as in "Benachrichtigungseinstellungen".
                    tokens[index + 2] = tokens[index + 2].lower() if not tokens[index + 2].isupper() else tokens[index + 2]
    return "".join(out)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_catalog.py KEYS_FILE > Localizable.xcstrings")
    with open(sys.argv[1], encoding="utf-8") as file:
        keys = [line.rstrip("\n").replace("\\n", "\n").replace("\\\\", "\\") for line in file if line.strip()]
    if not keys:
        sys.exit("make_catalog.py: no keys in " + sys.argv[1])
    strings = {}
    for key in keys:
        strings[key] = {"localizations": {
            language: {"stringUnit": {"state": "translated", "value": translate(key, language)}} for language in LANGUAGES}}
    json.dump({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, sys.stdout, ensure_ascii=False, indent=2,
              sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
