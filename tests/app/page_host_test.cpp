// SPDX-License-Identifier: MIT
// The page host: a page is made when first asked for, once, in its own place; the rest after the
// window's first frame.
#include "app/gui/page_host.hpp"
#include "tests/app/gui_fixture.hpp"

#include <QApplication>
#include <QStackedWidget>
#include <QTest>

#include <map>
#include <string>
#include <vector>

using accelscope::gui::PageModule;
using accelscope::gui::PageHost;
using accelscope::gui::PageServices;

namespace {

// Three trivial pages whose factories count how often each is made.
struct CountingPages {
    std::map<std::string, int> made;
    std::vector<int> announced; ///< the indices the host reported as made, in order

    std::vector<PageModule> entries()
    {
        std::vector<PageModule> list;
        for (const char* id : {"first", "second", "third"}) {
            list.push_back({id, id, id, [this, id](const PageServices&, QWidget* parent) {
                                ++made[id];
                                return new QWidget(parent);
                            }});
        }
        return list;
    }
    PageHost::MadeHandler handler()
    {
        return [this](int index, QWidget*) { announced.push_back(index); };
    }
};

} // namespace

TEST_CASE("a page host makes no page before one is asked for, then that page once, in its place")
{
    accelscope::tests::GuiFixture fixture;
    CountingPages pages;
    QStackedWidget stack;
    PageHost host(stack, pages.entries(), fixture.services(), pages.handler());
    REQUIRE(stack.count() == 3); // a stand-in holds each place
    QApplication::processEvents();
    CHECK(host.madeCount() == 0);
    CHECK(pages.made.empty());
    QWidget* standIn = stack.widget(1);

    stack.setCurrentIndex(1);
    QWidget* second = host.ensure(1);
    REQUIRE(second != nullptr);
    CHECK(second != standIn);
    CHECK(stack.count() == 3);
    CHECK(stack.widget(1) == second);
    CHECK(stack.currentIndex() == 1); // the page takes the stand-in's place and stays current
    CHECK(stack.currentWidget() == second);
    CHECK(second->objectName() == "second");
    CHECK(host.madePage(0) == nullptr);
    CHECK(host.madePage(1) == second);

    CHECK(host.ensure(1) == second); // made once only
    CHECK(pages.made == std::map<std::string, int>{{"second", 1}});
    CHECK(pages.announced == std::vector<int>{1});
}

TEST_CASE("after the window's first frame the page host makes the other pages, each once")
{
    accelscope::tests::GuiFixture fixture;
    CountingPages pages;
    QStackedWidget stack;
    PageHost host(stack, pages.entries(), fixture.services(), pages.handler());
    host.ensure(0); // the current page, before the window paints
    host.makeRestAfterFirstPaint(&stack);
    QApplication::processEvents();
    CHECK(host.madeCount() == 1); // nothing more before the window has painted

    stack.resize(200, 100);
    stack.show();
    REQUIRE(QTest::qWaitForWindowExposed(&stack));
    CHECK(QTest::qWaitFor([&] { return host.madeCount() == 3; }, 10000));
    CHECK(pages.made == std::map<std::string, int>{{"first", 1}, {"second", 1}, {"third", 1}});
    CHECK(pages.announced == std::vector<int>{0, 1, 2});
    CHECK(stack.currentIndex() == 0);
    CHECK(stack.currentWidget() == host.madePage(0));
}
