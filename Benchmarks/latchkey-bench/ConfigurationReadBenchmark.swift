// `latchkey-bench config-read FILE...`: reads each configuration file as every command does
// (`AuthConfiguration.load`), in this process, and prints one JSON line per file with its size and the
// median, minimum and 90th percentile read time. `Benchmarks/config-read` makes the files and prints
// the table. Figures only; nothing is asserted.
import CognitoAuth
import Foundation

/// Sorted times in milliseconds of `body`: at least 5 runs, and about half a second.
func timedRuns(_ body: () throws -> Void) rethrows -> [Double] {
    try body()  // warm the file cache and the code
    var samples: [Double] = []
    let started = ContinuousClock.now
    while samples.count < 5 || (samples.count < 1000 && (ContinuousClock.now - started) < .milliseconds(500)) {
        let before = ContinuousClock.now
        try body()
        samples.append((ContinuousClock.now - before).milliseconds)
    }
    return samples.sorted()
}

func benchConfigurationRead(arguments: [String]) throws {
    let paths = Array(arguments.dropFirst(2))
    for path in paths {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
        let samples = try timedRuns { _ = try AuthConfiguration.load(path: path) }
        // The floor: reading the file and decoding it with Foundation's JSONDecoder, nothing else.
        let floor = try timedRuns {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard JSONValue.parse(data) != nil else { throw CocoaError(.fileReadCorruptFile) }
        }
        let line: [String: Any] = [
            "path": path, "bytes": size, "reads": samples.count, "median_ms": percentile(samples, 0.5),
            "min_ms": samples[0], "p90_ms": percentile(samples, 0.9),
            "foundation_median_ms": percentile(floor, 0.5),
        ]
        let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }
}
