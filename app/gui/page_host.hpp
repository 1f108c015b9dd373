// SPDX-License-Identifier: MIT
// The window's pages, made on first use: a stand-in holds each page's place in the stack until the
// page is shown or asked for; after the window's first paint the rest are made, one per turn.
#pragma once

#include "app/gui/page.hpp"
#include "app/gui/page_module.hpp"

#include <QObject>

#include <chrono>
#include <functional>
#include <vector>

class QStackedWidget;

namespace accelscope::gui {

class PageHost : public QObject {
    Q_OBJECT
public:
    /// Called once per page right after it is made and put in its place (`index` in the list).
    using MadeHandler = std::function<void(int index, QWidget* page)>;

    /// Puts a stand-in for every entry into `stack` (nothing is made yet). `services` must outlive
    /// the host; pages are made with `stack` as their parent.
    PageHost(QStackedWidget& stack, std::vector<PageModule> entries, PageServices services, MadeHandler made,
             QObject* parent = nullptr);

    int count() const { return static_cast<int>(m_entries.size()); }
    const PageModule& entry(int index) const { return m_entries.at(static_cast<std::size_t>(index)); }
    /// The page at `index` if it is made; nullptr while a stand-in holds its place.
    QWidget* madePage(int index) const { return m_made.at(static_cast<std::size_t>(index)); }
    /// The pages made so far, in list order.
    std::vector<QWidget*> madePages() const;
    int madeCount() const { return static_cast<int>(madePages().size()); }
    /// The page at `index`, made now if it was not yet (the stack's current index is kept).
    QWidget* ensure(int index);
    /// True while a stand-in is being swapped for its page (the stack's signals are not the user's).
    bool restacking() const { return m_restacking; }
    /// How long after the window's first paint the remaining pages start being made.
    static constexpr std::chrono::milliseconds backgroundDelay{100};
    /// Makes the remaining pages, one per event-loop turn, from `backgroundDelay` after `window`
    /// has painted its first frame.
    void makeRestAfterFirstPaint(QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void makeNext();

    QStackedWidget& m_stack;
    std::vector<PageModule> m_entries;
    PageServices m_services;
    MadeHandler m_onMade;
    std::vector<QWidget*> m_made; ///< per entry: the page once made (owned by the stack), else nullptr
    QWidget* m_window = nullptr;  ///< whose first paint starts the background making
    bool m_restacking = false;
};

} // namespace accelscope::gui
