import AuthScreens
import CognitoAuth
import LatchkeyText
import TerminalKit

/// The authenticator-app set-up screen (MFA_SETUP at sign-in, or `t` on the dashboard): the QR
/// code of the `otpauth://` URI, the secret to type, and the code field.
///
/// The QR code is drawn with half blocks (two modules a cell, quiet zone included), at the
/// smallest version that holds the URI with the error correction raised as far as that version
/// allows. It goes where it fits, in this order:
/// - inside the form's box, above the secret (120×40 and larger), with the URI on one row below;
/// - beside the box, the box on the right (80×24: a version-5 symbol with its quiet zone is
///   41×21 cells, exactly the body's height), the URI left to Ctrl-Y (wider than the screen);
/// - nowhere: the form says what size it needs and offers the secret and Ctrl-Y instead.
extension AppView {
    /// Where the set-up form puts the QR code.
    enum TOTPQRPlacement {
        /// Inside the box, above the secret.
        case inBox(QRCodeView)
        /// Beside the box (the form then leaves the URI to Ctrl-Y).
        case beside
        /// Not shown: the cells it would need, or nil when the URI cannot be encoded at all.
        case none(needed: TerminalSize?)
    }

    /// The quiet zone around the set-up QR code, in modules. The standard asks for 4; phones read 2
    /// well, and 2 lets a version-5 symbol fit 80×24 beside the form.
    static let totpQuietZone = 2
    /// The narrowest box beside the QR code: the secret in two rows of four groups and the buttons.
    static let minimumBesideBoxWidth = 36

    /// The QR code of an `otpauth://` URI: the smallest version at level L, with the level raised as
    /// far as that version allows; nil when it cannot be encoded. Each URI is encoded once (``QRCodeCache``).
    func qrCodeView(for uri: String) -> QRCodeView? {
        let cached = QRCodeCache.shared.code(for: uri) { text in
            try? QRCode(text: text, errorCorrection: .low, boostErrorCorrection: true)
        }
        guard let code = cached else { return nil }
        return QRCodeView(
            code: code, quietZone: Self.totpQuietZone, tooSmallMessage: Localized.text(\.uiEnlargeForQRCodeTo))
    }

    /// Draws the set-up screen in `area` with the QR code where it fits, and returns the cursor.
    func drawTOTPSetup(
        _ screen: TOTPSetupState, title: String, into grid: inout CellGrid, in area: Rect, clears: Bool
    ) -> Position? {
        guard let qrCode = qrCodeView(for: screen.uri) else {
            let form = totpForm(screen, placement: .none(needed: nil), screenWidth: area.width)
            return drawBoxed(form, title: title, into: &grid, in: area, clears: clears)
        }
        let qrSize = qrCode.size
        // Inside the box.
        let inBox = totpForm(screen, placement: .inBox(qrCode), screenWidth: area.width)
        let width = min(area.width, max(boxWidth(for: area.width), qrSize.columns + 8))
        if qrSize.columns <= width - 8 && inBox.height(width: width - 8) + 4 <= area.height {
            return drawBoxed(inBox, title: title, into: &grid, in: area, minimumWidth: width, clears: clears)
        }
        // Beside the box: the pair centred across the area, the code at the top.
        let besideWidth = min(boxWidth(for: area.width), area.width - qrSize.columns - 1)
        if qrSize.rows <= area.height, besideWidth >= Self.minimumBesideBoxWidth {
            let labels = [ScreenText.secretLabel, ScreenText.codeLabel].map { TextWidth.width(of: $0) }
            let form = totpForm(
                screen, placement: .beside, secretWidth: besideWidth - 6 - (labels.max() ?? 0) - 2)
            let needed = form.height(width: besideWidth - 6) + 2
            if needed <= area.height {
                let left = area.column + (area.width - qrSize.columns - 1 - besideWidth) / 2
                let codeRect = Rect(row: area.row, column: left, width: qrSize.columns, height: qrSize.rows)
                // Over the dashboard (the re-login prompt) the pair takes the whole body: nothing peeks between.
                if clears { grid.fill(area) }
                qrCode.draw(into: &grid, in: codeRect)
                let boxArea = Rect(
                    row: area.row, column: left + qrSize.columns + 1, width: besideWidth, height: area.height)
                return drawBoxed(
                    form, title: title, into: &grid, in: boxArea, minimumWidth: besideWidth, clears: clears)
            }
        }
        // Nowhere.
        let form = totpForm(screen, placement: .none(needed: qrSize), screenWidth: area.width)
        return drawBoxed(form, title: title, into: &grid, in: area, clears: clears)
    }

    /// The set-up form for a placement. `secretWidth` (beside the code) splits the secret into
    /// rows of whole groups; `screenWidth` is where the one-row URI may run.
    func totpForm(
        _ screen: TOTPSetupState, placement: TOTPQRPlacement, screenWidth: Int = 0, secretWidth: Int = 0
    ) -> FormLayout {
        var form = FormLayout()
        form.add(.text(ScreenText.totpSetupInstructions, CellStyle(.normal)))
        form.addSpacer()
        if case .inBox(let qrCode) = placement {
            form.add(.qrCode(qrCode))
            form.addSpacer()
        }
        for (index, line) in Self.secretLines(screen.groupedSecret, width: secretWidth).enumerated() {
            form.add(
                .value(label: index == 0 ? ScreenText.secretLabel : "", value: line, style: CellStyle(.accent, .bold)))
        }
        switch placement {
        case .beside:
            form.add(.text(ScreenText.totpCopyURIHint, CellStyle(.dim)))
        case .inBox, .none:
            if screenWidth > 0, TextWidth.width(of: screen.uri) <= screenWidth {
                // The URI goes on a row of its own across the whole screen, so that it copies as one line.
                form.add(.text(Self.uriBelow, CellStyle(.dim)))
                form.add(.unboxed(screen.uri, CellStyle(.normal)))
                form.screenWidth = screenWidth
            } else {
                // Wider than the screen it would wrap, and a selection would copy it broken: Ctrl-Y instead.
                form.add(.text(ScreenText.totpCopyURIHint, CellStyle(.dim)))
            }
        }
        if case .none(let needed) = placement {
            let message =
                needed.map { ScreenText.totpQRCodeDoesNotFit(columns: $0.columns, rows: $0.rows) }
                ?? ScreenText.totpQRCodeUnavailable
            form.add(.text(message, CellStyle(.hint)))
        }
        form.addSpacer()
        form.add(field(screen, .code, placeholder: Self.digitsPlaceholder(6)))
        addBanner(screen.banner, to: &form)
        form.addSpacer()
        form.add(actions(screen, [.submit, .cancel], links: []))
        return form
    }

    /// The grouped secret ("JBSW Y3DP …") in rows of whole groups no wider than `width`, the groups
    /// spread evenly over the rows; one row when `width` is 0 or holds it all.
    static func secretLines(_ grouped: String, width: Int) -> [String] {
        let groups = grouped.split(separator: " ").map(String.init)
        guard width > 0, TextWidth.width(of: grouped) > width, let widest = groups.map(\.count).max() else {
            return [grouped]
        }
        let perRowLimit = max(1, (width + 1) / (widest + 1))
        let rowCount = (groups.count + perRowLimit - 1) / perRowLimit
        let perRow = (groups.count + rowCount - 1) / rowCount
        return stride(from: 0, to: groups.count, by: perRow).map {
            groups[$0..<min(groups.count, $0 + perRow)].joined(separator: " ")
        }
    }
}
