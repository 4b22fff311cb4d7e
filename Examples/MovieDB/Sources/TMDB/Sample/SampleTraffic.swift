import Foundation
import NetworkLayer

/// The recorded TMDB traffic the sample answers from offline: `SampleData/tmdb.har`, in this package's
/// resources.
///
/// `scripts/record_har.sh` records it through NetworkLayer's `HARRecordingTransport`, from a fake TMDB
/// (`scripts/fake_tmdb.py`) serving a catalog of 35 movies in TMDB's shapes: every page of the four lists,
/// the genres, each movie's details, videos and recommendations, searches for the titles and for each word
/// of three letters or more in them (in lower case), an unknown id (404) and a throttled one (429). A call outside the recording fails with ``TMDBError/notRecorded(reason:)``, naming
/// the closest recorded call.
///
/// The catalog is in English whatever the language, and lists are the same in every region, so
/// ``ignoredQueryItems`` leaves `language` and `region` out of the match.
public enum SampleTraffic {
    /// The recording in this package's resources.
    public static let file =
        Bundle.module.url(forResource: "tmdb", withExtension: "har", subdirectory: "SampleData")
        ?? Bundle.module.bundleURL.appendingPathComponent("SampleData/tmdb.har")

    /// Query items a replay leaves out of the match: the recording answers alike whatever they say.
    public static let ignoredQueryItems: Set<String> = ["language", "region"]

    /// A transport that answers from the recording, each matching entry as often as it is asked.
    ///
    /// - Throws: `HARReplayError` when the file cannot be read.
    public static func transport() throws(HARReplayError) -> HARReplayTransport {
        try HARReplayTransport(file: file, ignoredQueryItems: ignoredQueryItems, order: .byMatch)
    }
}
