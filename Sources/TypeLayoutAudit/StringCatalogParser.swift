import TypeLayout
import PositionedDocuments

/// Reads Xcode String Catalogs (`.xcstrings`): a JSON object whose `strings` map each key to
/// its `localizations`, each language holding a `stringUnit`, or `variations` (`plural`,
/// `device`, nested in any order) down to string units, plus optional `substitutions` whose own
/// plural variations fill `%#@name@` placeholders.
///
/// Every form is read: a key with plural variations in German gives one string per plural
/// category. A key with no localization in the catalog's `sourceLanguage` is shown as the key
/// itself, as Xcode does. An entry of the wrong shape is reported at its line and column and
/// skipped; the other entries are still read.
enum StringCatalogParser {
    static func parse(_ bytes: [UInt8], path: String) -> StringFile {
        parse(PositionedJSON.parseFile(bytes, path: path), path: path)
    }

    /// The catalog from its JSON tree, or from the diagnostic that says why there is none.
    static func parse(_ tree: Result<JSONNode, StringFileDiagnostic>, path: String) -> StringFile {
        var file = StringFile(path: path, format: .stringCatalog, strings: [], diagnostics: [])
        let root: JSONNode
        switch tree {
        case let .success(node): root = node
        case let .failure(diagnostic):
            file.diagnostics.append(diagnostic)
            return file
        }
        var reader = Reader(path: path)
        reader.read(root)
        file.strings = reader.strings
        file.diagnostics = reader.diagnostics
        return file
    }

    private struct Reader {
        let path: String
        var strings: [LocalizedString] = []
        var diagnostics: [StringFileDiagnostic] = []

        init(path: String) { self.path = path }

        mutating func problem(_ node: JSONNode, _ message: String) {
            diagnostics.append(StringFileDiagnostic(location: location(node), message: message))
        }

        func location(_ node: JSONNode) -> TextFileLocation {
            TextFileLocation(file: path, line: node.line, column: node.column)
        }

        mutating func read(_ root: JSONNode) {
            guard root.members != nil else {
                problem(root, "a string catalog must be a JSON object, found \(root.kindDescription)")
                return
            }
            var sourceLanguage = "en"
            if let node = root["sourceLanguage"] {
                if let text = node.string, !text.isEmpty { sourceLanguage = text } else {
                    problem(node, "'sourceLanguage' must be a language tag such as \"en\", found \(node.kindDescription)")
                }
            }
            guard let stringsNode = root["strings"] else {
                problem(root, "a string catalog needs a 'strings' object")
                return
            }
            guard let entries = stringsNode.members else {
                problem(stringsNode, "'strings' must be an object of keys, found \(stringsNode.kindDescription)")
                return
            }
            for entry in entries { readEntry(entry, sourceLanguage: sourceLanguage) }
        }

        mutating func readEntry(_ entry: JSONNode.Member, sourceLanguage: String) {
            let key = entry.key
            guard entry.value.members != nil else {
                problem(entry.value, "entry \"\(key)\" must be an object, found \(entry.value.kindDescription)")
                return
            }
            var languages: [JSONNode.Member] = []
            if let localizations = entry.value["localizations"] {
                if let members = localizations.members {
                    languages = members
                } else {
                    problem(localizations, "'localizations' of \"\(key)\" must be an object of languages, found \(localizations.kindDescription)")
                }
            }
            // Xcode shows the key itself in the source language until someone localizes it.
            if !languages.contains(where: { $0.key == sourceLanguage }) && !key.isEmpty {
                let keyLocation = TextFileLocation(file: path, line: entry.line, column: entry.column)
                strings.append(LocalizedString(key: key, language: sourceLanguage, text: key, location: keyLocation))
            }
            for language in languages {
                guard language.value.members != nil else {
                    problem(language.value, "localization '\(language.key)' of \"\(key)\" must be an object, found \(language.value.kindDescription)")
                    continue
                }
                var forms: [(variant: [String], text: String, node: JSONNode)] = []
                collectForms(language.value, path: [], key: key, language: language.key, into: &forms)
                let substitutions = readSubstitutions(language.value, key: key, language: language.key)
                for form in forms {
                    for (variant, text) in FormSubstitution.expand(form.text, variant: form.variant, substitutions: substitutions) {
                        strings.append(LocalizedString(
                            key: key, variant: variant.isEmpty ? nil : variant.joined(separator: ","),
                            language: language.key, text: text, location: location(form.node)))
                    }
                }
            }
        }

        /// The string units under a localization or a variation, each with its variation path.
        mutating func collectForms(
            _ node: JSONNode, path variant: [String], key: String, language: String,
            into forms: inout [(variant: [String], text: String, node: JSONNode)]
        ) {
            var found = false
            if let unit = node["stringUnit"] {
                found = true
                if let value = unit["value"], let text = value.string {
                    forms.append((variant, text, value))
                } else if let value = unit["value"] {
                    problem(value, "'value' of \"\(key)\" (\(language)) must be a string, found \(value.kindDescription)")
                } else {
                    problem(unit, "'stringUnit' of \"\(key)\" (\(language)) has no 'value'")
                }
            }
            if let variations = node["variations"] {
                found = true
                guard let kinds = variations.members else {
                    problem(variations, "'variations' of \"\(key)\" (\(language)) must be an object, found \(variations.kindDescription)")
                    return
                }
                for kind in kinds {
                    guard let cases = kind.value.members else {
                        problem(kind.value, "'\(kind.key)' variations of \"\(key)\" (\(language)) must be an object, found \(kind.value.kindDescription)")
                        continue
                    }
                    for variation in cases {
                        guard variation.value.members != nil else {
                            problem(variation.value, "variation '\(kind.key):\(variation.key)' of \"\(key)\" (\(language)) must be an object, found \(variation.value.kindDescription)")
                            continue
                        }
                        collectForms(variation.value, path: variant + ["\(kind.key):\(variation.key)"], key: key,
                                     language: language, into: &forms)
                    }
                }
            }
            if !found && node["substitutions"] == nil {
                problem(node, "\"\(key)\" (\(language)) has neither a 'stringUnit' nor 'variations'")
            }
        }

        mutating func readSubstitutions(_ localization: JSONNode, key: String, language: String) -> [FormSubstitution] {
            guard let node = localization["substitutions"] else { return [] }
            guard let members = node.members else {
                problem(node, "'substitutions' of \"\(key)\" (\(language)) must be an object, found \(node.kindDescription)")
                return []
            }
            var result: [FormSubstitution] = []
            for member in members {
                var specifier = "@"
                if let format = member.value["formatSpecifier"]?.string { specifier = format }
                var forms: [(variant: [String], text: String, node: JSONNode)] = []
                collectForms(member.value, path: [], key: key, language: language, into: &forms)
                let texts = forms.map { form in
                    // A substitution's category is the last step of its variation path.
                    let category = form.variant.last.map { String($0.split(separator: ":").last ?? "") } ?? "other"
                    return (category: category, text: form.text.replacing("%arg", with: "%" + specifier))
                }
                result.append(FormSubstitution(name: member.key, forms: texts))
            }
            return result
        }
    }
}

/// A placeholder (`%#@name@`) and the texts that can fill it: a catalog's substitution or a
/// stringsdict's variable, each form named by its plural category (or device, or width).
struct FormSubstitution {
    let name: String
    let forms: [(category: String, text: String)]

    /// A text that names substitutions becomes one string per form of each substitution (the
    /// others at their `other` form), so every form is seen without multiplying every
    /// combination; each variant path gains `name:category`.
    static func expand(_ text: String, variant: [String], substitutions: [FormSubstitution]) -> [([String], String)] {
        let used = substitutions.filter { text.contains("%#@\($0.name)@") && !$0.forms.isEmpty }
        guard !used.isEmpty else { return [(variant, text)] }
        func standIn(_ substitution: FormSubstitution) -> String {
            (substitution.forms.first { $0.category == "other" } ?? substitution.forms.last!).text
        }
        var result: [([String], String)] = []
        for substitution in used {
            for form in substitution.forms {
                var expanded = text.replacing("%#@\(substitution.name)@", with: form.text)
                for other in used where other.name != substitution.name {
                    expanded = expanded.replacing("%#@\(other.name)@", with: standIn(other))
                }
                result.append((variant + ["\(substitution.name):\(form.category)"], expanded))
            }
        }
        return result
    }
}
