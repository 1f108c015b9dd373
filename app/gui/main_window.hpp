// SPDX-License-Identifier: MIT
// The main window: a section list down the side and one page per entry of the page list, menus,
// appearance, presenter mode, window state. It knows pages only through the page contract.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/page.hpp"
#include "app/gui/page_module.hpp"
#include "app/gui/theme.hpp"

#include <QMainWindow>

#include <optional>
#include <string_view>
#include <vector>

class QStackedWidget;
class QActionGroup;
class QLabel;
class QMenu;

namespace accelscope::gui {

class PageHost;
class PresenterMode;
class SectionList;

class MainWindow : public QMainWindow, public PageNavigator {
    Q_OBJECT
public:
    explicit MainWindow(AppContext& context, QWidget* parent = nullptr);

    int pageCount() const;
    /// How many pages are made so far: none before the window shows, then the current one, the
    /// others after the first paint.
    int pagesMade() const;
    /// Whether page `index` is made (a page not made yet has a stand-in in its place).
    bool pageMade(int index) const;
    /// The stable id of page `index` ("llm-calculator").
    std::string pageId(int index) const;
    /// The translated title of page `index` ("LLM calculator").
    QString pageName(int index) const;
    QString currentPageName() const;
    std::string currentPageId() const;
    /// The page at `index`, made now if it was not yet.
    QWidget* page(int index) const;
    /// The page with this id; nullptr when none.
    QWidget* page(const std::string& id) const;
    void showPage(int index);
    /// Index of a page by its id ("llm-calculator"); -1 when none.
    int pageIndex(std::string_view id) const;
    /// The first page of type `Page` (tests and tools; the window itself never asks by type).
    template <class Page>
    Page* pageOf() const
    {
        for (int i = 0; i < pageCount(); ++i) {
            if (auto* p = qobject_cast<Page*>(page(i))) return p;
        }
        return nullptr;
    }

    // PageNavigator
    QStringList openPage(const std::string& id, const PageSettings& settings) override;
    std::optional<labs::guided::PageState> pageState(const std::string& id) const override;
    std::optional<labs::guided::TypedState> pageValues(const std::string& id) const override;

    PresenterMode* presenter() const { return m_presenter; }
    /// Saves the current page as PNG at twice its size (canvas pages use their own export).
    bool exportViewPng(const QString& file = {});

    void setTheme(Theme theme);
    void setFontScale(double scale);
    Theme theme() const { return m_theme; }
    double fontScale() const { return m_fontScale; }

public slots:
    void showStatusMessage(const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    /// The page at `index`, made now if it was not yet (pages are made on first use).
    QWidget* ensurePage(int index);
    void pageMadeNow(int index, QWidget* page); ///< wires a page just made into the window
    void addCommands(int index, QWidget* page);
    void buildMenus();
    void changeFontScale(double scale); ///< from the menu: also says the new size in the status bar
    /// The text size Ctrl+0 returns to: 1, or in presenter mode the presenter's size (its setting,
    /// at least the size the window had, 1.5 or more).
    double resetFontScale() const;
    double presenterFontScale() const;
    void sizePagesToCurrent(int current);
    void showAbout();
    void updateStatus();
    void saveState();
    void enterPresenter();
    void leavePresenter();
    QString presenterStep(int direction);
    QString presenterTogglePlay();

    /// The page a page opened last through openPage, and the page to go back to from it.
    struct OpenedBy {
        QWidget* target = nullptr;
        int returnTo = -1;
    };

    AppContext& m_context;
    PageHost* m_host = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QAction* m_fileCommandsEnd = nullptr;
    QAction* m_viewCommandsEnd = nullptr;
    SectionList* m_sections = nullptr;
    QStackedWidget* m_pages = nullptr;
    Theme m_theme = Theme::Light;
    double m_fontScale = 1.0;
    QActionGroup* m_themeGroup = nullptr;
    QLabel* m_catalogStatus = nullptr;
    PresenterMode* m_presenter = nullptr;
    std::optional<OpenedBy> m_openedBy;
    QAction* m_presenterAction = nullptr;
    Theme m_themeBeforePresenter = Theme::Light;
    double m_scaleBeforePresenter = 1.0;
};

} // namespace accelscope::gui
