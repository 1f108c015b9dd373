// SPDX-License-Identifier: MIT
// The main window: a section list down the side, one page per working section, menus, settings.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/theme.hpp"
#include "labs/guided/lesson_engine.hpp"

#include <QMainWindow>

class QListWidget;
class QStackedWidget;
class QActionGroup;
class QLabel;

namespace accelscope::gui {

class CatalogPage;
class ComparePage;
class PrecisionPage;
class WarpPage;
class PipelinePage;
class RooflinePage;
class MemoryPyramidPage;
class LlmCalculatorPage;
class LabsPage;
class PresenterMode;
class LessonsPage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(AppContext& context, QWidget* parent = nullptr);

    int pageCount() const;
    QString pageName(int index) const;
    QString currentPageName() const;
    QWidget* page(int index) const;
    void showPage(int index);
    /// Index of a page by its name ("Catalog"), case-insensitive; -1 when none.
    int pageIndex(const QString& name) const;
    CatalogPage* catalogPage() const { return m_catalog; }
    ComparePage* comparePage() const { return m_compare; }
    PrecisionPage* precisionPage() const { return m_precision; }
    WarpPage* warpPage() const { return m_warp; }
    PipelinePage* pipelinePage() const { return m_pipeline; }
    RooflinePage* rooflinePage() const { return m_roofline; }
    MemoryPyramidPage* memoryPyramidPage() const { return m_pyramid; }
    LlmCalculatorPage* llmCalculatorPage() const { return m_llm; }
    LabsPage* labsPage() const { return m_labs; }
    LessonsPage* lessonsPage() const { return m_lessons; }

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

private:
    void buildMenus();
    void changeFontScale(double scale); ///< from the menu: also says the new size in the status bar
    void addPage(const QString& name, const QString& tip, QWidget* page);
    void sizePagesToCurrent(int current);
    void showAbout();
    void updateStatus();
    void saveState();
    void enterPresenter();
    void leavePresenter();
    QString presenterStep(int direction);
    QString presenterTogglePlay();
    QString applyLessonAction(const labs::guided::PageAction& action);
    std::optional<labs::guided::PageState> lessonPageState(const std::string& page);

    AppContext& m_context;
    QListWidget* m_sections = nullptr;
    QStackedWidget* m_pages = nullptr;
    CatalogPage* m_catalog = nullptr;
    ComparePage* m_compare = nullptr;
    PrecisionPage* m_precision = nullptr;
    WarpPage* m_warp = nullptr;
    PipelinePage* m_pipeline = nullptr;
    RooflinePage* m_roofline = nullptr;
    MemoryPyramidPage* m_pyramid = nullptr;
    LlmCalculatorPage* m_llm = nullptr;
    LabsPage* m_labs = nullptr;
    LessonsPage* m_lessons = nullptr;
    Theme m_theme = Theme::Light;
    double m_fontScale = 1.0;
    QActionGroup* m_themeGroup = nullptr;
    QLabel* m_catalogStatus = nullptr;
    PresenterMode* m_presenter = nullptr;
    QWidget* m_openedByLesson = nullptr; ///< the page a lesson's "Show me" opened last
    QAction* m_presenterAction = nullptr;
    Theme m_themeBeforePresenter = Theme::Light;
    double m_scaleBeforePresenter = 1.0;
};

} // namespace accelscope::gui
