/// The audit's benchmark case, generated rather than committed: a String Catalog of UI strings
/// (buttons, titles, body text) in several languages and scripts, the same bytes for the same
/// seed on every machine.
public enum AuditBenchmark {
    /// The benchmark's languages: three Latin-script ones of different word lengths, Japanese
    /// (no spaces, kinsoku, a fallback face) and Arabic (right to left, a fallback face).
    public static let languages = ["en", "de", "fr", "ja", "ar"]

    /// Rules for the generated keys: buttons 160 pt and one line, titles 343 pt and two lines
    /// (at most 160 pt tall), body text 343 pt and unlimited, all at the twelve categories.
    public static let rulesJSON = """
        {
          "rules": [
            {"key": "button.*", "style": "body", "width": 160, "maxLines": 1},
            {"key": "title.*", "style": "title2", "width": 343, "maxLines": 2, "maxHeight": 160},
            {"key": "*", "style": "body", "width": 343}
          ]
        }
        """

    /// A catalog of `strings` keys, each translated into every language: `.xcstrings` JSON.
    public static func catalog(strings: Int = 5000, languages: [String] = languages, seed: UInt64 = 2024) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var json = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for index in 0..<strings {
            let kind = random.next() % 10
            let (prefix, range): (String, ClosedRange<Int>) = switch kind {
            case 0..<4: ("button", 1...3)
            case 4..<6: ("title", 2...7)
            default: ("body", 4...36)
            }
            json += "    \"\(prefix).\(index)\" : {\n      \"localizations\" : {\n"
            let wordCount = Int(random.next() % UInt64(range.count)) + range.lowerBound
            for (languageIndex, language) in languages.enumerated() {
                let text = sentence(words: wordCount, language: language, random: &random)
                json += "        \"\(language)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(text)\" } }"
                json += languageIndex == languages.count - 1 ? "\n" : ",\n"
            }
            json += "      }\n    }" + (index == strings - 1 ? "\n" : ",\n")
        }
        json += "  },\n  \"version\" : \"1.0\"\n}\n"
        return Array(json.utf8)
    }

    private static let words: [String: [String]] = [
        "en": ["Save", "changes", "account", "settings", "notifications", "delete", "your", "the", "photos", "library",
               "continue", "subscription", "privacy", "and", "share", "with", "friends", "download", "update", "available",
               "battery", "storage", "almost", "full", "sign", "in", "password", "forgot", "new", "message"],
        "de": ["Änderungen", "speichern", "Kontoeinstellungen", "Benachrichtigungen", "löschen", "Ihre", "die", "Fotomediathek",
               "fortfahren", "Abonnement", "Datenschutzrichtlinie", "und", "teilen", "mit", "Freunden", "herunterladen",
               "Aktualisierung", "verfügbar", "Batterie", "Speicherplatz", "fast", "voll", "anmelden", "Passwort",
               "vergessen", "neue", "Nachricht", "Geschwindigkeitsbegrenzung", "der", "Kamerazugriff"],
        "fr": ["Enregistrer", "les", "modifications", "paramètres", "du", "compte", "notifications", "supprimer", "votre",
               "photothèque", "continuer", "abonnement", "confidentialité", "et", "partager", "avec", "des", "amis",
               "télécharger", "mise", "à", "jour", "disponible", "batterie", "stockage", "presque", "plein", "connexion",
               "mot", "de passe"],
        "ja": ["変更を保存", "アカウント設定", "通知", "削除", "あなたの", "写真ライブラリ", "続ける", "サブスクリプション",
               "プライバシー", "と", "友達と共有", "ダウンロード", "アップデートが利用可能です", "バッテリー", "ストレージが",
               "ほぼいっぱいです", "サインイン", "パスワードを", "お忘れですか", "新しいメッセージ", "、", "。"],
        "ar": ["حفظ", "التغييرات", "إعدادات", "الحساب", "الإشعارات", "حذف", "مكتبة", "الصور", "متابعة", "الاشتراك",
               "الخصوصية", "و", "مشاركة", "مع", "الأصدقاء", "تنزيل", "تحديث", "متوفر", "البطارية", "التخزين", "ممتلئ",
               "تقريبًا", "تسجيل", "الدخول", "كلمة", "السر", "رسالة", "جديدة"],
    ]

    private static func sentence(words count: Int, language: String, random: inout SplitMix64) -> String {
        let vocabulary = words[language] ?? words["en"]!
        var parts: [String] = []
        for _ in 0..<count { parts.append(vocabulary[Int(random.next() % UInt64(vocabulary.count))]) }
        // Japanese runs words together; the others separate them with spaces.
        return parts.joined(separator: language == "ja" ? "" : " ")
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64): the same numbers
/// for the same seed everywhere, which the system generator doesn't promise.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
