import Foundation

// The walk over a module: its declarations, its export candidates, and the names it assigns or changes.
extension ObjectLiteralReader {
    /// What one walk over a module found.
    struct Module {
        /// The offsets of the values that may be the configuration, best first.
        var candidates: [Int] = []
        /// Names assigned, declared again or changed (`NAME =`, `NAME.x =`, `NAME[k] =`, `NAME += …`,
        /// `Object.assign(NAME, …)`) after their declaration, with the offset of the first such change.
        var changes: [String: Int] = [:]
    }

    /// Refuses the object read when a name it uses is changed elsewhere in the module: JavaScript would
    /// hand over the changed value, which only running the file tells.
    func checkUnchanged(_ changes: [String: Int]) throws(Failure) {
        let changed = usedNames.compactMap { name, used in changes[name].map { (name, used, $0) } }
        guard let (name, used, change) = changed.min(by: { $0.2 < $1.2 }) else { return }
        throw fail(
            "the configuration uses \"\(TerminalText.sanitized(name))\" (line \(line(of: used))), which is assigned "
                + "or changed again here; JavaScript would read the changed value, and Latchkey does not run the file",
            at: change)
    }

    /// Walks the module once, recording every `const|let|var|final NAME = …` and every change to a name,
    /// and returns the offsets of the values that may be the configuration, best first: the one
    /// `export default` / `module.exports =` / `exports.default =` / `Amplify.configure(` (more than one
    /// is refused), then each declared value that starts like an object, in order, then the first `= {`.
    mutating func scanModule() throws(Failure) -> Module {
        var scan = ModuleScan()
        allowsRegex = true
        do throws(Failure) {
            while true {
                let token = try next()
                if token.kind == .end { break }
                try scanToken(token, &scan)
            }
        } catch {
            // Code after the configuration (JSX text with an apostrophe, ...) may not lex; what was
            // found before it is enough.
            if scan.exported.isEmpty && scan.declared.isEmpty && scan.firstAssignedObject == nil { throw error }
        }
        let exported = scan.exported
        if exported.count > 1 {
            throw fail(
                "the module hands over a configuration more than once (lines \(line(of: exported[0])) and "
                    + "\(line(of: exported[1])): export default, module.exports =, exports.default = or "
                    + "Amplify.configure); which one JavaScript ends with depends on code Latchkey does not run",
                at: exported[1])
        }
        var module = scan.module
        var seen: Set<Int> = []
        for offset in exported + scan.declared + [scan.firstAssignedObject].compactMap({ $0 })
        where seen.insert(offset).inserted {
            module.candidates.append(offset)
        }
        return module
    }

    /// What ``scanModule()`` has seen so far.
    struct ModuleScan {
        var module = Module()
        /// `export default`, `module.exports =`, `exports.default =`, `Amplify.configure(`: where each value starts.
        var exported: [Int] = []
        /// Declared values that start like an object.
        var declared: [Int] = []
        var firstAssignedObject: Int?
        /// The last four tokens.
        var history: [Kind] = []
        var tracker = AssignmentTracker()

        mutating func noteChange(of name: String, at offset: Int) {
            module.changes[name] = module.changes[name] ?? offset
        }
    }

    /// One token of the module walk.
    mutating func scanToken(_ token: Token, _ scan: inout ModuleScan) throws(Failure) {
        scan.history.append(token.kind)
        if scan.history.count > 4 { scan.history.removeFirst() }
        if scan.tracker.expectsAssignTarget, case .identifier(let name) = token.kind {
            scan.noteChange(of: name, at: token.start)
        }
        scan.tracker.expectsAssignTarget = false
        switch token.kind {
        case .identifier("default") where scan.history.dropLast().last == .identifier("export"):
            _ = skipTrivia()
            scan.exported.append(index)
            scan.tracker.reset()
        case .punctuation(UInt8(ascii: "=")):
            try scanEquals(token, &scan)
        case .punctuation(UInt8(ascii: "(")):
            let call = Array(scan.history.suffix(4).dropLast())
            if call == [.identifier("Amplify"), .punctuation(UInt8(ascii: ".")), .identifier("configure")] {
                _ = skipTrivia()
                scan.exported.append(index)
            }
            scan.tracker.expectsAssignTarget =
                call == [.identifier("Object"), .punctuation(UInt8(ascii: ".")), .identifier("assign")]
            scan.tracker.feed(token.kind)
        case .identifier("const"), .identifier("let"), .identifier("var"), .identifier("final"):
            scan.tracker.reset()
            if let (name, offset) = try declaration() {
                if bindings[name] == nil {
                    bindings[name] = offset
                } else {
                    scan.noteChange(of: name, at: token.start)  // declared again
                }
                if startsLikeObject(at: offset) { scan.declared.append(offset) }
            }
        default:
            scan.tracker.feed(token.kind)
        }
    }

    /// An `=`: a comparison or arrow (`==`, `===`, `=>`, skipped), or an assignment, which may change a
    /// declared name, export the value after it, or be the first `= {`.
    mutating func scanEquals(_ token: Token, _ scan: inout ModuleScan) throws(Failure) {
        let following = try peek()
        if following.kind == .punctuation(UInt8(ascii: "=")) || following.kind == .punctuation(UInt8(ascii: ">")) {
            _ = try next()
            scan.tracker.reset()
            return
        }
        if let name = scan.tracker.assignedName() { scan.noteChange(of: name, at: token.start) }
        scan.tracker.reset()
        let target = Array(scan.history.dropLast().suffix(3))
        let isModuleExports =
            target == [.identifier("module"), .punctuation(UInt8(ascii: ".")), .identifier("exports")]
            || target == [.identifier("exports"), .punctuation(UInt8(ascii: ".")), .identifier("default")]
        _ = skipTrivia()
        if isModuleExports { scan.exported.append(index) }
        if following.kind == .punctuation(UInt8(ascii: "{")) && scan.firstAssignedObject == nil {
            scan.firstAssignedObject = index
        }
    }

    /// Whether the value at `offset` starts like an object literal (`{`, `(`, `<Type>{`, Dart's `const {`):
    /// other declared values (names, strings, calls) are not configurations, and are not read as candidates.
    func startsLikeObject(at offset: Int) -> Bool {
        guard offset < bytes.count else { return false }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "<") { return true }
        return bytes[offset...].starts(with: "const".utf8)
    }

    /// After `const`/`let`/`var`/`final`: the declared name and the offset of its value, when it is a
    /// simple `NAME [: Type] = value` (or Dart's `Type NAME = value`). The tokens up to `=` are consumed.
    mutating func declaration() throws(Failure) -> (String, Int)? {
        guard case .identifier(let first) = try peek().kind else { return nil }
        _ = try next()
        var name = first
        var angle = 0
        var lastIdentifier = first
        var isTypeScriptType = false
        for _ in 0..<256 {
            let token = try peek()
            switch token.kind {
            case .punctuation(UInt8(ascii: "=")) where angle == 0:
                _ = try next()
                if case .punctuation(let byte) = try peek().kind, byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">")
                {
                    return nil
                }
                if !isTypeScriptType { name = lastIdentifier }
                _ = skipTrivia()
                return (name, index)
            case .punctuation(UInt8(ascii: ":")) where angle == 0 && lastIdentifier == first:
                isTypeScriptType = true
                name = first
            case .punctuation(UInt8(ascii: "<")): angle += 1
            case .punctuation(UInt8(ascii: ">")): angle = max(0, angle - 1)
            case .identifier(let word): lastIdentifier = word
            case .punctuation(UInt8(ascii: ";")), .punctuation(UInt8(ascii: "{")), .punctuation(UInt8(ascii: "(")),
                .end:
                if !isTypeScriptType { return nil }
            default: break
            }
            if token.kind == .end || token.afterNewline && !isTypeScriptType && angle == 0 { return nil }
            _ = try next()
        }
        return nil
    }

    /// Follows member chains (`NAME`, `NAME.x.y`, `NAME[k]`) token by token, so that an `=` can tell
    /// which declared name it assigns or changes.
    struct AssignmentTracker {
        /// The name that starts the chain being read.
        var root: String?
        var afterDot = false
        /// Open `[` of a subscript in the chain.
        var brackets = 0
        /// The root of the chain that ended just before ``operators`` (for `NAME += …`, `NAME ??= …`).
        var endedRoot: String?
        var operators: [UInt8] = []
        /// After `Object.assign(`: the next name is changed.
        var expectsAssignTarget = false

        static let compoundOperators: Set<[UInt8]> = Set(
            ["+", "-", "*", "/", "%", "&", "|", "^", "**", "<<", ">>", ">>>", "&&", "||", "??"].map { Array($0.utf8) })

        mutating func reset() {
            (root, afterDot, brackets, endedRoot, operators) = (nil, false, 0, nil, [])
        }

        /// Takes one token that is not `=`.
        mutating func feed(_ kind: Kind) {
            switch kind {
            case .identifier(let name):
                guard brackets == 0 else { return }
                if afterDot {
                    afterDot = false
                } else {
                    (root, endedRoot, operators) = (name, nil, [])
                }
            case .punctuation(UInt8(ascii: ".")) where root != nil && brackets == 0 && !afterDot: afterDot = true
            case .punctuation(UInt8(ascii: "[")) where root != nil: brackets += 1
            case .punctuation(UInt8(ascii: "]")) where brackets > 0: brackets -= 1
            case _ where brackets > 0: return
            case .punctuation(let byte) where "+-*/%&|^?<>!".utf8.contains(byte):
                if let root, !afterDot { (endedRoot, operators) = (root, []) }
                (root, afterDot) = (nil, false)
                if endedRoot != nil { operators.append(byte) }
            default: reset()
            }
        }

        /// At an assignment's `=`: the name assigned or changed, if any.
        func assignedName() -> String? {
            if let root, brackets == 0, !afterDot { return root }
            if let endedRoot, Self.compoundOperators.contains(operators) { return endedRoot }
            return nil
        }
    }
}
