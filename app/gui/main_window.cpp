// SPDX-License-Identifier: MIT
// MainWindow: navigation, menus, appearance, about, window state.
#include "app/gui/main_window.hpp"

#include "accelscope/config.hpp"
#include "app/gui/canvas/canvas_page.hpp"
#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/catalog/catalog_page.hpp"
#include "app/gui/compare/compare_page.hpp"
#include "app/gui/llm/llm_calculator_page.hpp"
#include "app/gui/memory/memory_pyramid_page.hpp"
#include "app/gui/roofline/roofline_page.hpp"
#include "app/gui/labs/labs_page.hpp"
#include "app/gui/lessons/lessons_page.hpp"
#include "app/gui/measured_navigator.hpp"
#include "app/gui/presenter/presenter_mode.hpp"
#include "app/gui/visualizers/pipeline/pipeline_page.hpp"
#include "app/gui/visualizers/precision/precision_page.hpp"
#include "app/gui/visualizers/warp/warp_page.hpp"
#include "models/catalog/sqlite_db.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QSaveFile>
#include <QPixmap>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>

#include <imgui.h>

#include <cmath>

namespace accelscope::gui {

namespace {

// The lesson files: installed beside the program (<prefix>/share/accelscope/lessons), else the
// source tree this build came from.
std::filesystem::path lessonsDirectory()
{
    const std::filesystem::path installed =
        std::filesystem::path(QApplication::applicationDirPath().toStdString()).parent_path() / "share" / "accelscope" / "lessons";
    std::error_code ec;
    return std::filesystem::is_directory(installed, ec) ? installed : std::filesystem::path(ACCELSCOPE_LESSONS_DIR);
}

} // namespace

MainWindow::MainWindow(AppContext& context, QWidget* parent) : QMainWindow(parent), m_context(context)
{
    setWindowTitle(tr("Accelscope"));
    setObjectName("mainWindow");
    auto* central = new QWidget(this);
    auto* layout = new QHBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    m_sections = new QListWidget(central);
    m_sections->setObjectName("sections");
    m_sections->setFixedWidth(m_sections->fontMetrics().horizontalAdvance(QStringLiteral("Pipeline bubbles")) + 40);
    m_pages = new QStackedWidget(central);
    layout->addWidget(m_sections);
    layout->addWidget(m_pages, 1);
    setCentralWidget(central);

    m_catalog = new CatalogPage(m_context, m_pages);
    m_compare = new ComparePage(m_context, m_pages);
    addPage(tr("Catalog"), tr("Browse, search and filter every device with its sources (Ctrl+1)"), m_catalog);
    addPage(tr("Compare"), tr("Two to six devices side by side (Ctrl+2)"), m_compare);
    m_precision = new PrecisionPage(m_pages);
    addPage(tr("Precision"), tr("Number formats from FP32 to FP4, MX and NVFP4: bits, ranges, error (Ctrl+3)"), m_precision);
    m_warp = new WarpPage(m_pages);
    addPage(tr("Warp divergence"), tr("SIMT execution: divergent branches under a reconvergence stack and ITS (Ctrl+4)"), m_warp);
    m_pipeline = new PipelinePage(m_pages);
    addPage(tr("Pipeline bubbles"), tr("Pipeline-parallel schedules, bubbles and activation memory (Ctrl+5)"), m_pipeline);
    m_roofline = new RooflinePage(m_context, m_pages);
    addPage(tr("Roofline"), tr("Roofs of several devices with kernels and LLM ops placed by the model (Ctrl+6)"), m_roofline);
    m_pyramid = new MemoryPyramidPage(m_context, m_pages);
    addPage(tr("Memory pyramid"), tr("Capacity, bandwidth and latency per level, beside this machine's caches (Ctrl+7)"), m_pyramid);
    m_llm = new LlmCalculatorPage(m_context, m_pages);
    addPage(tr("LLM calculator"), tr("Inference and training memory per device and where a model fits (Ctrl+8)"), m_llm);
    // Until pages come from the page list: the Labs page's "measured" ids reach the Roofline and
    // Memory pyramid pages through this adapter.
    auto* navigator = new CallbackNavigator(this, [this](const std::string& id, const PageSettings& settings) {
        return openMeasured(m_context, id, settings, [this](const labs::MeasuredRoofline& m) {
            m_roofline->showMeasured(m);
            showPage(pageIndex("Roofline"));
        }, [this](const labs::MeasuredPyramid& m) {
            m_pyramid->showMeasured(m);
            showPage(pageIndex("Memory pyramid"));
        });
    }, [this](const std::string& page) { return lessonPageState(page); });
    PageServices services{m_context, *navigator};
    m_labs = new LabsPage(services, m_pages);
    addPage(tr("Labs"), tr("Measure this machine: bandwidth, latency, compute peak, roofline; stored results (Ctrl+9)"), m_labs);
    m_lessons = new LessonsPage(m_context, lessonsDirectory(), m_pages);
    m_lessons->applyAction = [this](const labs::guided::PageAction& action) { return applyLessonAction(action); };
    m_lessons->pageState = [this](const std::string& page) { return lessonPageState(page); };
    m_lessons->refreshStep();
    addPage(tr("Lessons"), tr("A guided course: each step explains, shows the page and checks your answer (F1)"), m_lessons);
    connect(m_sections, &QListWidget::currentRowChanged, m_pages, &QStackedWidget::setCurrentIndex);
    connect(m_pages, &QStackedWidget::currentChanged, this, &MainWindow::sizePagesToCurrent);
    connect(m_catalog, &CatalogPage::compareRequested, this, [this](const QStringList& ids) {
        m_compare->setDeviceIds(ids);
        showPage(pageIndex("Compare"));
    });
    for (QObject* source : {static_cast<QObject*>(m_catalog), static_cast<QObject*>(m_compare),
                            static_cast<QObject*>(m_precision), static_cast<QObject*>(m_warp),
                            static_cast<QObject*>(m_pipeline), static_cast<QObject*>(m_roofline),
                            static_cast<QObject*>(m_pyramid), static_cast<QObject*>(m_llm),
                            static_cast<QObject*>(m_labs), static_cast<QObject*>(m_lessons)}) {
        connect(source, SIGNAL(statusMessage(QString)), this, SLOT(showStatusMessage(QString)));
    }
    connect(&m_context, &AppContext::catalogChanged, this, &MainWindow::updateStatus);
    m_catalogStatus = new QLabel(this);
    m_catalogStatus->setObjectName("catalogStatus");
    statusBar()->addPermanentWidget(m_catalogStatus);
    buildMenus();
    updateStatus();

    QSettings& s = m_context.settings();
    if (!restoreGeometry(s.value("window/geometry").toByteArray())) resize(1360, 820);
    restoreState(s.value("window/state").toByteArray());
    setTheme(themeFromName(s.value("theme", "light").toString()));
    setFontScale(s.value("fontScale", 1.0).toDouble());
    showPage(std::max(0, pageIndex(s.value("window/page", "Catalog").toString())));
    sizePagesToCurrent(m_pages->currentIndex()); // also when the first page stays current (no change signal)
}

void MainWindow::showStatusMessage(const QString& message) { statusBar()->showMessage(message, 8000); }

void MainWindow::addPage(const QString& name, const QString& tip, QWidget* page)
{
    auto* item = new QListWidgetItem(name, m_sections);
    item->setToolTip(tip);
    item->setSizeHint(QSize(0, m_sections->fontMetrics().height() * 2));
    m_pages->addWidget(page);
}

// Only the current page's minimum size counts. A stack is as wide as its widest page, and at
// presenter text sizes the Catalog's filter row and the Labs page are wider than a 1280-pixel
// projector: every page, full screen, would run off the right of the screen.
void MainWindow::sizePagesToCurrent(int current)
{
    for (int i = 0; i < m_pages->count(); ++i) {
        const QSizePolicy::Policy policy = i == current ? QSizePolicy::Preferred : QSizePolicy::Ignored;
        m_pages->widget(i)->setSizePolicy(policy, policy);
    }
}

int MainWindow::pageCount() const { return m_pages->count(); }
QString MainWindow::pageName(int index) const { return m_sections->item(index)->text(); }
QString MainWindow::currentPageName() const { return pageName(m_pages->currentIndex()); }
QWidget* MainWindow::page(int index) const { return m_pages->widget(index); }

int MainWindow::pageIndex(const QString& name) const
{
    for (int i = 0; i < pageCount(); ++i) {
        if (pageName(i).compare(name, Qt::CaseInsensitive) == 0) return i;
    }
    return -1;
}

void MainWindow::showPage(int index)
{
    if (index >= 0 && index < pageCount()) m_sections->setCurrentRow(index);
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Import devices…"), QKeySequence(tr("Ctrl+I")), m_catalog, [this] { m_catalog->importDevices(); });
    file->addAction(tr("&Export devices…"), QKeySequence(tr("Ctrl+E")), m_catalog, &CatalogPage::exportDevices);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < pageCount(); ++i) {
        // Ctrl+1 … Ctrl+9 for the first nine pages; the course (the last page) is F1.
        const QKeySequence key = i < 9 ? QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)) : QKeySequence(Qt::Key_F1);
        view->addAction(pageName(i), key, this, [this, i] { showPage(i); });
    }
    view->addAction(tr("Find device"), QKeySequence::Find, this, [this] {
        showPage(pageIndex("Catalog"));
        m_catalog->focusSearch();
    });
    view->addSeparator();
    m_themeGroup = new QActionGroup(this);
    for (const Theme theme : {Theme::Light, Theme::Dark, Theme::HighContrast}) {
        QAction* action = view->addAction(theme == Theme::Light ? tr("&Light theme")
                                          : theme == Theme::Dark ? tr("&Dark theme")
                                                                 : tr("&High-contrast theme"));
        action->setCheckable(true);
        action->setData(themeName(theme));
        m_themeGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, theme] { setTheme(theme); });
    }
    view->addSeparator();
    view->addAction(tr("&Larger text"), QKeySequence::ZoomIn, this, [this] { changeFontScale(m_fontScale + fontScaleStep); });
    view->addAction(tr("&Smaller text"), QKeySequence::ZoomOut, this, [this] { changeFontScale(m_fontScale - fontScaleStep); });
    view->addAction(tr("&Reset text size"), QKeySequence(tr("Ctrl+0")), this, [this] { changeFontScale(1.0); });
    view->addAction(tr("&Full screen"), QKeySequence::FullScreen, this, [this] {
        isFullScreen() ? showNormal() : showFullScreen();
    });
    view->addSeparator();
    m_presenter = new PresenterMode(*this, {[this] { enterPresenter(); }, [this] { leavePresenter(); },
                                            [this](int direction) { return presenterStep(direction); },
                                            [this] { return presenterTogglePlay(); }});
    connect(m_presenter, &PresenterMode::message, this, &MainWindow::showStatusMessage);
    m_presenterAction = view->addAction(tr("&Presenter mode"), QKeySequence(Qt::Key_F5), this, [this](bool on) {
        m_presenter->setActive(on);
    });
    m_presenterAction->setCheckable(true);
    m_presenterAction->setToolTip(tr("Full screen, large high-contrast text, keys step through animations (Esc leaves)"));
    addAction(m_presenterAction); // F5 works with the menu bar hidden
    connect(m_presenter, &PresenterMode::activeChanged, m_presenterAction, &QAction::setChecked);
    QAction* exportView = view->addAction(tr("E&xport view as PNG (2x)…"), QKeySequence(tr("Ctrl+Shift+S")), this, [this] { exportViewPng(); });
    addAction(exportView);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Accelscope"), this, &MainWindow::showAbout);
}

void MainWindow::setTheme(Theme theme)
{
    m_theme = theme;
    applyTheme(*qApp, m_theme, m_fontScale);
    for (QAction* action : m_themeGroup->actions()) action->setChecked(action->data().toString() == themeName(theme));
    m_compare->setDarkTheme(isDark(theme));
    m_precision->setDarkTheme(isDark(theme));
    m_warp->setDarkTheme(isDark(theme));
    m_pipeline->setDarkTheme(isDark(theme));
    for (CanvasPage* page : {static_cast<CanvasPage*>(m_roofline), static_cast<CanvasPage*>(m_pyramid), static_cast<CanvasPage*>(m_llm)}) {
        page->setDarkTheme(isDark(theme));
    }
    m_catalog->applyTheme(theme);
    m_context.settings().setValue("theme", themeName(theme));
}

void MainWindow::setFontScale(double scale)
{
    m_fontScale = std::clamp(std::round(scale * 10.0) / 10.0, minFontScale, maxFontScale);
    applyTheme(*qApp, m_theme, m_fontScale);
    // The section list follows the text size, so long page names stay whole on projectors.
    m_sections->setFixedWidth(QFontMetrics(qApp->font()).horizontalAdvance(QStringLiteral("Pipeline bubbles")) + 40);
    m_compare->setFontScale(static_cast<float>(m_fontScale));
    m_precision->setFontScale(static_cast<float>(m_fontScale));
    m_warp->setFontScale(static_cast<float>(m_fontScale));
    m_pipeline->setFontScale(static_cast<float>(m_fontScale));
    for (CanvasPage* page : {static_cast<CanvasPage*>(m_roofline), static_cast<CanvasPage*>(m_pyramid), static_cast<CanvasPage*>(m_llm)}) {
        page->setFontScale(static_cast<float>(m_fontScale));
    }
    m_context.settings().setValue("fontScale", m_fontScale);
}

void MainWindow::changeFontScale(double scale)
{
    setFontScale(scale);
    showStatusMessage(tr("Text size %1%").arg(qRound(m_fontScale * 100)));
}

void MainWindow::updateStatus()
{
    const auto& catalog = m_context.catalog();
    const auto own = std::ranges::count_if(catalog.devices, [](const auto& d) {
        return d.origin == models::catalog::Origin::User;
    });
    m_catalogStatus->setText(tr("Catalog: %1 bundled devices, %2 of your own").arg(catalog.info.deviceCount).arg(own));
}

void MainWindow::showAbout()
{
    const auto& info = m_context.catalog().info;
    QMessageBox::about(
        this, tr("About Accelscope"),
        tr("<h3>Accelscope %1</h3><p>A desktop explorer and hands-on lab for AI hardware.</p>"
           "<table><tr><td>Qt</td><td>%2</td></tr><tr><td>Dear ImGui</td><td>%3</td></tr>"
           "<tr><td>SQLite</td><td>%4</td></tr><tr><td>Catalog</td><td>%5 devices, content %6</td></tr>"
           "<tr><td>CUDA lab module</td><td>%7</td></tr><tr><td>User database</td><td>%8</td></tr></table>")
            .arg(ACCELSCOPE_VERSION, qVersion(), ImGui::GetVersion(),
                 QString::fromStdString(models::catalog::sqliteVersion()))
            .arg(info.deviceCount)
            .arg(QString::fromStdString(info.contentHash),
                 ACCELSCOPE_WITH_CUDA ? tr("built") : tr("not built"),
                 QString::fromStdString(m_context.userDatabase().string())));
}

void MainWindow::saveState()
{
    QSettings& s = m_context.settings();
    s.setValue("window/geometry", saveGeometry());
    s.setValue("window/state", QMainWindow::saveState());
    s.setValue("window/page", pageName(m_pages->currentIndex()));
    m_catalog->saveState();
    m_compare->saveState();
}

void MainWindow::enterPresenter()
{
    m_themeBeforePresenter = m_theme;
    m_scaleBeforePresenter = m_fontScale;
    const double scale = m_context.settings().value("presenter/fontScale", 1.8).toDouble();
    setTheme(Theme::HighContrast);
    setFontScale(std::clamp(std::max(scale, m_fontScale), 1.5, maxFontScale));
    m_sections->hide();
    menuBar()->hide();
    m_catalogStatus->hide(); // the status line is for the presenter's step messages
}

void MainWindow::leavePresenter()
{
    m_sections->show();
    menuBar()->show();
    m_catalogStatus->show();
    setTheme(m_themeBeforePresenter);
    setFontScale(m_scaleBeforePresenter);
}

QString MainWindow::presenterStep(int direction)
{
    if (m_pages->currentWidget() == m_lessons) { // a lesson: one step at a time
        if (!m_lessons->stepBy(direction)) return tr("Lesson: no step further that way");
        return tr("Lesson %1: step %2").arg(m_lessons->currentLessonId()).arg(m_lessons->currentStep() + 1);
    }
    // A page a lesson's "Show me" opened: the next step of the talk is back in the lesson (after the
    // animation's last frame on the animated pages).
    if (m_pages->currentWidget() == m_openedByLesson) {
        const bool animationAtEnd = m_openedByLesson == m_warp       ? m_warp->visualizer().step() == m_warp->visualizer().stepCount()
                                    : m_openedByLesson == m_pipeline ? m_pipeline->visualizer().step() == m_pipeline->visualizer().stepCount()
                                                                     : true;
        if (direction > 0 ? animationAtEnd : (m_openedByLesson != m_warp && m_openedByLesson != m_pipeline)) {
            m_openedByLesson = nullptr;
            showPage(pageIndex("Lessons"));
            return tr("Back to lesson %1, step %2").arg(m_lessons->currentLessonId()).arg(m_lessons->currentStep() + 1);
        }
    }
    if (m_pages->currentWidget() == m_warp) { // the warp animation, one issue at a time
        auto& v = m_warp->visualizer();
        if (v.playing()) v.togglePlay(); // a manual step takes over from playback, as on the Pipeline page
        const int count = v.stepCount();
        const int current = v.step() < 0 ? (direction > 0 ? 0 : count) : v.step();
        v.setStep(std::clamp(current + direction, 0, count));
        m_warp->canvas()->update();
        return tr("Warp divergence: step %1 of %2").arg(v.step()).arg(count);
    }
    if (m_pages->currentWidget() == m_pipeline) { // the pipeline animation, one op start at a time
        auto& v = m_pipeline->visualizer();
        v.stepBy(direction);
        m_pipeline->canvas()->update();
        const auto t = v.cursorTime();
        return tr("Pipeline bubbles: step %1 of %2, t = %3").arg(v.step()).arg(v.stepCount()).arg(t.value_or(0.0), 0, 'g', 3);
    }
    // Elsewhere the arrows walk through the pages, the order a talk usually follows.
    showPage(std::clamp(m_pages->currentIndex() + direction, 0, pageCount() - 1));
    return tr("Page %1 of %2: %3").arg(m_pages->currentIndex() + 1).arg(pageCount()).arg(currentPageName());
}

QString MainWindow::presenterTogglePlay()
{
    const auto toggle = [this](auto& visualizer, CanvasPage* page) {
        visualizer.togglePlay();
        page->canvas()->update(); // a playing visualizer asks for its next frames from here on
        return tr("%1: %2").arg(currentPageName(), visualizer.playing() ? tr("playing") : tr("paused"));
    };
    if (m_pages->currentWidget() == m_warp) return toggle(m_warp->visualizer(), m_warp);
    if (m_pages->currentWidget() == m_pipeline) return toggle(m_pipeline->visualizer(), m_pipeline);
    return {};
}

bool MainWindow::exportViewPng(const QString& file)
{
    QWidget* view = m_pages->currentWidget();
    if (auto* canvasPage = qobject_cast<CanvasPage*>(view)) return canvasPage->exportPng(file);
    const QString path = !file.isEmpty() ? file
                                         : QFileDialog::getSaveFileName(this, tr("Export view"), currentPageName().toLower().replace(' ', '-') + ".png",
                                                                        tr("PNG images (*.png)"));
    if (path.isEmpty()) return false;
    QPixmap pixmap(view->size() * 2);
    pixmap.setDevicePixelRatio(2.0);
    view->render(&pixmap);
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || !pixmap.save(&out, "PNG") || !out.commit()) {
        showStatusMessage(tr("%1: cannot write the image").arg(path));
        return false;
    }
    showStatusMessage(tr("Saved %1").arg(path));
    return true;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_presenter->active()) m_presenter->setActive(false); // keep the user's own theme and text size
    saveState();
    QMainWindow::closeEvent(event);
}

} // namespace accelscope::gui
