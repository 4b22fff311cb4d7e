import Foundation

/// The language and region codes TMDB takes: `language` as a BCP 47 tag of an ISO 639-1 language and an
/// optional ISO 3166-1 region (`en`, `en-US`, `pt-BR`), `region` as an ISO 3166-1 alpha-2 code (`US`, `DE`).
public enum LocaleCodes {
    /// Whether `code` is an ISO 3166-1 alpha-2 region code in capitals, such as `US` or `DE`.
    ///
    /// Where Foundation lists the regions (Linux, and Apple platforms since 2022), the code must be one of them.
    public static func isRegion(_ code: String) -> Bool {
        guard code.count == 2, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return false }
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            return Locale.Region.isoRegions.contains(Locale.Region(code))
        }
        return true
    }

    /// Whether `tag` is a language such as `en`, or a language and a region such as `en-US`.
    public static func isLanguage(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let language = parts.first, parts.count <= 2,
            language.count == 2, language.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) })
        else { return false }
        if parts.count == 2, !isRegion(parts[1]) { return false }
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            return Locale.LanguageCode.isoLanguageCodes.contains(Locale.LanguageCode(language))
        }
        return true
    }
}
