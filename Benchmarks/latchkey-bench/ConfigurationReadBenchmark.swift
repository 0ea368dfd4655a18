// `latchkey-bench config-read FILE...`: reads each configuration file as every command does
// (`AuthConfiguration.load`), in this process, and prints one JSON line per file with its size and the
// median, minimum and 90th percentile read time. `Benchmarks/config-read` makes the files and prints
// the table. Figures only; nothing is asserted.
import CognitoAuth
import Foundation

func benchConfigurationRead(arguments: [String]) throws {
    let paths = Array(arguments.dropFirst(2))
    for path in paths {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
        _ = try AuthConfiguration.load(path: path)  // warm the file cache and the code
        var samples: [Double] = []
        let started = ContinuousClock.now
        // At least 5 reads, and about half a second per file.
        while samples.count < 5 || (samples.count < 1000 && (ContinuousClock.now - started) < .milliseconds(500)) {
            let before = ContinuousClock.now
            _ = try AuthConfiguration.load(path: path)
            samples.append((ContinuousClock.now - before).milliseconds)
        }
        samples.sort()
        let line: [String: Any] = [
            "path": path, "bytes": size, "reads": samples.count, "median_ms": percentile(samples, 0.5),
            "min_ms": samples[0], "p90_ms": percentile(samples, 0.9),
        ]
        let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }
}
