// SPDX-License-Identifier: MIT
// Tool tips quoting device and file text show it verbatim (#17).
#include "app/gui/catalog/catalog_table_model.hpp"
#include "app/gui/plain_tool_tip.hpp"
#include "tests/app/gui_fixture.hpp"

#include <QTextDocument>
#include <QTextDocumentFragment>

using namespace accelscope::gui;
using namespace accelscope::models::catalog;

namespace {

// What Qt's tool tip shows for `tip`: rich text when Qt::mightBeRichText says so, else the text itself.
QString shownText(const QString& tip)
{
    return Qt::mightBeRichText(tip) ? QTextDocumentFragment::fromHtml(tip).toPlainText() : tip;
}

} // namespace

TEST_CASE("a plain tool tip shows markup as text and keeps plain text as is")
{
    const QString text = GENERATE(QStringLiteral("<img src=\"file:///etc/passwd\">"),
                                  QStringLiteral("<a href=\"file:///usr/bin/xterm\">click</a> & more\nsecond line"),
                                  QStringLiteral("one card, 80 GB\nderived: a / b"));
    CAPTURE(text.toStdString());
    CHECK(shownText(plainToolTip(text)) == text);
    if (!Qt::mightBeRichText(text)) CHECK(plainToolTip(text) == text);
}

TEST_CASE("catalog table tool tips show a device's scope and source title verbatim")
{
    accelscope::tests::GuiFixture fixture;
    std::vector<Device> devices{fixture.context->catalog().devices.front()};
    Device& d = devices.front();
    d.scope = Scope::Card;
    d.scopeNote = "<img src=\"file:///etc/passwd\">";
    for (auto& [key, source] : d.sources) source.title = "<a href=\"file:///usr/bin/xterm\">click</a>";
    CatalogTableModel model;
    model.setDevices(&devices);
    const QString scopeTip = model.index(0, CatalogTableModel::Name).data(Qt::ToolTipRole).toString();
    CHECK(shownText(scopeTip) == QString::fromStdString("card: " + d.scopeNote));
    REQUIRE_FALSE(d.figures.empty());
    const int column = CatalogTableModel::columnOf(d.figures.begin()->first);
    const QString figureTip = model.index(0, column).data(Qt::ToolTipRole).toString();
    CHECK(shownText(figureTip).contains("<a href=\"file:///usr/bin/xterm\">click</a>"));
}
