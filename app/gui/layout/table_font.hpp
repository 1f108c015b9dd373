// SPDX-License-Identifier: MIT
// Tables that follow the text size: row heights (and, when asked, column widths) are fitted again
// whenever the font changes, so rows are not cut in half at projector text sizes.
#pragma once

class QTableView;

namespace accelscope::gui {

/// Fits `table`'s rows now and after every font change; with `columns`, its column widths too after
/// a font change (to their contents, each at most `maxColumnChars` average characters wide).
void followFontInTable(QTableView* table, bool columns, int maxColumnChars = 40);

} // namespace accelscope::gui
