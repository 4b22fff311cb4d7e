import TMDB

/// A movie's videos as a table: type, site, name and link.
enum VideoTable {
    static func render(_ list: VideoList, movieID: Int) -> String {
        let heading = "Videos of movie \(list.id ?? movieID) · \(Formatting.count(list.results.count, "video"))"
        guard !list.results.isEmpty else { return heading + "\n\nNo videos." }
        let table = TextTable(
            columns: [
                .init(title: "TYPE", alignment: .left),
                .init(title: "SITE", alignment: .left),
                .init(title: "NAME", alignment: .left, maximumWidth: 44),
                .init(title: "LINK", alignment: .left),
            ],
            rows: list.results.map { video in
                [video.type, video.site, video.name, video.watchURL?.absoluteString ?? "–"]
            }
        )
        return heading + "\n\n" + table.render()
    }
}
