// SPDX-License-Identifier: MIT
// The Compare page's hint quotes a typed device name as plain text (#17).
#include "app/gui/compare/compare_page.hpp"
#include "tests/app/gui_fixture.hpp"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>

using namespace accelscope::gui;

TEST_CASE("a typed device name with markup is quoted as plain text in the compare hint")
{
    accelscope::tests::GuiFixture fixture;
    ComparePage page(fixture.services());
    auto* picker = page.findChild<QComboBox*>();
    auto* hint = page.findChild<QLabel*>("compareHint");
    REQUIRE(picker != nullptr);
    REQUIRE(hint != nullptr);
    QPushButton* add = nullptr;
    for (auto* button : page.findChildren<QPushButton*>()) {
        if (button->text() == "Add") add = button;
    }
    REQUIRE(add != nullptr);
    picker->setEditText("<img src=\"file:///etc/passwd\">nope");
    add->click();
    CHECK(hint->textFormat() == Qt::PlainText);
    CHECK(hint->text().contains("<img src=\"file:///etc/passwd\">nope"));
}
