import Foundation

/// Decodes `json` as `Value` with a plain `JSONDecoder`, as ``MovieManager`` does.
func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
    try JSONDecoder().decode(type, from: Data(json.utf8))
}

/// A list item with every key TMDB sends, overridable by `replacing`.
func movieJSON(_ overrides: [String: String] = [:], extra: String = "") -> String {
    var fields: [String: String] = [
        "adult": "false", "backdrop_path": "\"/b.jpg\"", "genre_ids": "[18, 53]", "id": "550",
        "original_language": "\"en\"", "original_title": "\"Fight Club\"", "overview": "\"A club.\"",
        "popularity": "61.416", "poster_path": "\"/p.jpg\"", "release_date": "\"1999-10-15\"",
        "title": "\"Fight Club\"", "video": "false", "vote_average": "8.4", "vote_count": "100",
    ]
    for (key, value) in overrides { fields[key] = value }
    let body = fields.sorted { $0.key < $1.key }.compactMap { key, value in
        value == "<missing>" ? nil : "\"\(key)\": \(value)"
    }
    return "{" + (body + (extra.isEmpty ? [] : [extra])).joined(separator: ", ") + "}"
}
