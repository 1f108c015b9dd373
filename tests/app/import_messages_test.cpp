// SPDX-License-Identifier: MIT
// Import and export message boxes show file names and file content as plain text (#17).
#include "app/gui/catalog/import_messages.hpp"
#include "app/gui/plain_message_box.hpp"
#include "tests/app/gui_fixture.hpp"

#include <QLabel>

using namespace accelscope::gui;
using namespace accelscope::models::catalog;

namespace {

constexpr const char* hostile = "<a href=\"file:///etc/passwd\">click</a><img src=\"file:///etc/passwd\">";

// Every label of the box that shows text is plain (the icon label has none).
void checkLabelsArePlain(const QMessageBox& box)
{
    CHECK(box.textFormat() == Qt::PlainText);
    for (const QLabel* label : box.findChildren<QLabel*>()) {
        if (label->text().isEmpty()) continue;
        CAPTURE(label->objectName().toStdString(), label->text().toStdString());
        CHECK(label->textFormat() == Qt::PlainText);
    }
}

} // namespace

TEST_CASE("the import rejected box shows the file name and issues as plain text")
{
    const std::vector<ValidationIssue> issues{{hostile, 3, "name", std::string("bad name ") + hostile},
                                              {"x.json", 4, "url", "second"}};
    const auto box = importRejectedBox(QString::fromUtf8(hostile) + ".json", issues);
    checkLabelsArePlain(*box);
    CHECK_THAT(box->text().toStdString(), Catch::Contains(std::string(hostile) + ".json has 2 problem(s)"));
    CHECK_THAT(box->text().toStdString(), Catch::Contains(std::string(hostile) + ":3: name: bad name"));
    CHECK(box->informativeText().isEmpty());
    CHECK_THAT(box->detailedText().toStdString(), Catch::Contains("x.json:4: url: second"));
}

TEST_CASE("a plain message box does not render markup in an error message")
{
    const auto icon = GENERATE(QMessageBox::Warning, QMessageBox::Critical);
    const auto box = plainMessageBox(icon, "Import failed", QString::fromUtf8(hostile));
    checkLabelsArePlain(*box);
    CHECK(box->text() == QString::fromUtf8(hostile));
    CHECK(plainWarningBox("Export failed", "x")->icon() == QMessageBox::Warning);
}
