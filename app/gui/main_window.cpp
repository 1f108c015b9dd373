// SPDX-License-Identifier: MIT
// MainWindow: navigation, menus, appearance, about, window state.
#include "app/gui/main_window.hpp"

#include "accelscope/config.hpp"
#include "app/gui/canvas/canvas_page.hpp"
#include "app/gui/figure_action.hpp"
#include "app/gui/page_host.hpp"
#include "app/gui/presenter/presenter_mode.hpp"
#include "app/gui/section_list.hpp"
#include "app/gui/status_line.hpp"
#include "app/gui/window_geometry.hpp"
#include "models/catalog/sqlite_db.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QShowEvent>
#include <QFileDialog>
#include <QSaveFile>
#include <QPixmap>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QOpenGLWidget>
#include <QStatusBar>

#include <imgui.h>

#include <algorithm>
#include <cassert>
#include <cmath>

namespace accelscope::gui {

namespace {

QString translatedPage(const char* text) { return QCoreApplication::translate("Pages", text); }

} // namespace

MainWindow::MainWindow(AppContext& context, QWidget* parent) : QMainWindow(parent), m_context(context)
{
    setWindowTitle(tr("Accelscope"));
    setObjectName("mainWindow");
    auto* central = new QWidget(this);
    auto* layout = new QHBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    m_sections = new SectionList(central);
    m_sections->setObjectName("sections");
    m_pages = new QStackedWidget(central);
    m_pages->setObjectName("pages");
    // Pages with OpenGL canvases are made after the window is shown. Adding the first QOpenGLWidget
    // to a shown window makes Qt recreate its native window (losing activation and keyboard focus),
    // so one hidden, empty one is there from the start and the window is made for OpenGL at once.
    auto* openGlFromTheStart = new QOpenGLWidget(central);
    openGlFromTheStart->setObjectName("openGlFromTheStart");
    openGlFromTheStart->setFixedSize(0, 0);
    layout->addWidget(m_sections);
    layout->addWidget(m_pages, 1);
    setCentralWidget(central);

    // Pages are made when first shown or asked for, and the rest once the window has painted: the
    // window appears without building every page (and its canvases) first.
    m_host = new PageHost(*m_pages, pageList(), PageServices{m_context, *this},
                          [this](int index, QWidget* page) { pageMadeNow(index, page); }, this);
    for (int i = 0; i < m_host->count(); ++i) {
        auto* item = new QListWidgetItem(translatedPage(m_host->entry(i).title), m_sections);
        item->setData(Qt::UserRole, QString::fromStdString(m_host->entry(i).id));
    }
    m_sections->fitToFont();
    connect(m_sections, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0) return;
        if (isVisible()) ensurePage(row); // before the window shows, only the page it shows first is made
        m_pages->setCurrentIndex(row);
    });
    connect(m_pages, &QStackedWidget::currentChanged, this, &MainWindow::sizePagesToCurrent);
    // Another page's message does not stay under this one.
    connect(m_pages, &QStackedWidget::currentChanged, this, [this] { statusBar()->clearMessage(); });
    connect(&m_context, &AppContext::catalogChanged, this, &MainWindow::updateStatus);
    auto* status = new StatusLine(this);
    setStatusBar(status);
    m_catalogStatus = new QLabel(this);
    m_catalogStatus->setObjectName("catalogStatus");
    status->addInfoWidget(m_catalogStatus); // steps aside while a message shows: no message is cut short
    buildMenus();
    updateStatus();

    QSettings& s = m_context.settings();
    restoreGeometryWithinScreen(*this, s.value("window/geometry").toByteArray(), QSize(1360, 820));
    restoreState(s.value("window/state").toByteArray());
    setTheme(themeFromName(s.value("theme", "light").toString()));
    setFontScale(s.value("fontScale", 1.0).toDouble());
    showPage(std::max(0, pageIndex(s.value("window/page", "catalog").toString().toStdString())));
    sizePagesToCurrent(m_pages->currentIndex());
    m_host->makeRestAfterFirstPaint(this);
}

void MainWindow::showEvent(QShowEvent* event)
{
    // The page the window opens on (saved, or --page / --compare) is made here, before the first
    // paint, and only that one: choosing pages before the window shows makes none.
    ensurePage(m_pages->currentIndex());
    QMainWindow::showEvent(event);
}

void MainWindow::showStatusMessage(const QString& message)
{
    // A page made or working in the background does not speak over the page in view.
    auto* page = qobject_cast<QWidget*>(sender());
    QWidget* current = m_pages->currentWidget();
    if (page && current && page != current && !current->isAncestorOf(page)) return;
    statusBar()->showMessage(message, 8000);
}

QWidget* MainWindow::ensurePage(int index) { return m_host->ensure(index); }

void MainWindow::pageMadeNow(int index, QWidget* page)
{
    if (page->metaObject()->indexOfSignal("statusMessage(QString)") >= 0) {
        connect(page, SIGNAL(statusMessage(QString)), this, SLOT(showStatusMessage(QString)));
    }
    if (auto* styled = dynamic_cast<StyledPage*>(page)) styled->setAppearance(m_theme, m_fontScale);
    addCommands(index, page);
    setPageHintShown(page, m_presenter == nullptr || !m_presenter->active());
    sizePagesToCurrent(m_pages->currentIndex());
}

int MainWindow::pagesMade() const { return m_host->madeCount(); }
bool MainWindow::pageMade(int index) const { return m_host->madePage(index) != nullptr; }

// Only the current page's minimum size counts. A stack is as wide as its widest page, and at
// presenter text sizes the Catalog's filter row and the Labs page are wider than a 1280-pixel
// projector: every page, full screen, would run off the right of the screen.
void MainWindow::sizePagesToCurrent(int current)
{
    // Leaving a page another page opened, by hand, ends the way back to the opener.
    if (!m_host->restacking() && m_openedBy && m_pages->widget(current) != m_openedBy->target) m_openedBy.reset();
    for (int i = 0; i < m_pages->count(); ++i) {
        const QSizePolicy::Policy policy = i == current ? QSizePolicy::Preferred : QSizePolicy::Ignored;
        m_pages->widget(i)->setSizePolicy(policy, policy);
    }
}

int MainWindow::pageCount() const { return m_pages->count(); }
std::string MainWindow::pageId(int index) const { return m_host->entry(index).id; }
QString MainWindow::pageName(int index) const { return m_sections->item(index)->text(); }
QString MainWindow::currentPageName() const { return pageName(m_pages->currentIndex()); }
std::string MainWindow::currentPageId() const { return pageId(m_pages->currentIndex()); }
QWidget* MainWindow::page(int index) const
{
    return index >= 0 && index < pageCount() ? const_cast<MainWindow*>(this)->ensurePage(index) : nullptr;
}

QWidget* MainWindow::page(const std::string& id) const
{
    const int index = pageIndex(id);
    return index < 0 ? nullptr : page(index);
}

int MainWindow::pageIndex(std::string_view id) const
{
    for (int i = 0; i < pageCount(); ++i) {
        if (m_host->entry(i).id == id) return i;
    }
    return -1;
}

void MainWindow::showPage(int index)
{
    if (index >= 0 && index < pageCount()) m_sections->setCurrentRow(index);
}

QStringList MainWindow::openPage(const std::string& id, const PageSettings& settings)
{
    const int index = pageIndex(id);
    assert(index >= 0 && "openPage: no page with this id");
    if (index < 0) return {QString::fromStdString(id)};
    const int from = m_pages->currentIndex();
    showPage(index);
    if (from != index) m_openedBy = OpenedBy{page(index), from}; // presenter mode: the next step goes back
    QStringList notApplied;
    auto* target = dynamic_cast<LessonTarget*>(page(index));
    if (target == nullptr) {
        for (const auto& [key, value] : settings) notApplied << QString::fromStdString(key);
        return notApplied;
    }
    for (const auto& key : target->settingsBinding().apply(settings)) notApplied << QString::fromStdString(key);
    return notApplied;
}

std::optional<labs::guided::PageState> MainWindow::pageState(const std::string& id) const
{
    auto* target = dynamic_cast<LessonTarget*>(page(id));
    if (target == nullptr) return std::nullopt;
    return target->settingsBinding().state();
}

std::optional<labs::guided::TypedState> MainWindow::pageValues(const std::string& id) const
{
    auto* target = dynamic_cast<LessonTarget*>(page(id));
    if (target == nullptr) return std::nullopt;
    return target->settingsBinding().values();
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QMenu* view = menuBar()->addMenu(tr("&View"));
    int numbered = 0;
    for (int i = 0; i < pageCount(); ++i) {
        // Ctrl+1 … Ctrl+9 in the list's order, then Alt+1 … Alt+9 (every page has a key: the Serving
        // planner, the eleventh, had none); the course is pinned to F1.
        const PageModule& entry = m_host->entry(i);
        const QKeySequence key = entry.pinnedF1 ? QKeySequence(Qt::Key_F1)
                                 : numbered < 9 ? QKeySequence(QStringLiteral("Ctrl+%1").arg(++numbered))
                                 : numbered < 18 ? QKeySequence(QStringLiteral("Alt+%1").arg(++numbered - 9))
                                                 : QKeySequence();
        QAction* show = view->addAction(pageName(i), key, this, [this, i] { showPage(i); });
        addAction(show); // the keys work with the menu bar hidden (presenter mode)
        const QString tip = translatedPage(entry.tooltip) + (key.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(key.toString(QKeySequence::NativeText)));
        m_sections->item(i)->setToolTip(tip);
        show->setToolTip(tip);
    }
    m_fileMenu = file;
    m_fileCommandsEnd = file->addSeparator(); // pages add their commands above it as they are made
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    m_viewMenu = view;
    m_viewCommandsEnd = view->addSeparator(); // and their View commands above this one
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
    // The text-size keys also work with the menu bar hidden (presenter mode).
    // Ctrl+= too: Ctrl++ needs Shift on most layouts, and the '=' key is where people press it.
    QAction* larger = view->addAction(tr("&Larger text"), this, [this] { changeFontScale(m_fontScale + fontScaleStep); });
    larger->setShortcuts({QKeySequence::ZoomIn, QKeySequence(tr("Ctrl+="))});
    addAction(larger);
    addAction(view->addAction(tr("&Smaller text"), QKeySequence::ZoomOut, this, [this] { changeFontScale(m_fontScale - fontScaleStep); }));
    // In presenter mode the reset goes back to the presenter's size, not to 100 %.
    addAction(view->addAction(tr("&Reset text size"), QKeySequence(tr("Ctrl+0")), this, [this] { changeFontScale(resetFontScale()); }));
    QAction* full = view->addAction(tr("&Full screen"), this, [this] { isFullScreen() ? showNormal() : showFullScreen(); });
    full->setShortcuts({QKeySequence(Qt::Key_F11), QKeySequence::FullScreen}); // F11 on every platform
    addAction(full); // with the menu bar hidden too
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
    addFigureAction(*this, *view); // Ctrl+Shift+E: the chart alone, for slides

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Accelscope"), this, &MainWindow::showAbout);
}

void MainWindow::addCommands(int index, QWidget* page)
{
    auto* source = dynamic_cast<PageCommands*>(page);
    if (source == nullptr) return;
    for (QAction* action : source->menuCommands()) {
        if (action->property("menu").toString() == "file") m_fileMenu->insertAction(m_fileCommandsEnd, action);
        else m_viewMenu->insertAction(m_viewCommandsEnd, action);
        addAction(action); // its shortcut works with the menu bar hidden too
        if (action->property("showsPage").toBool()) connect(action, &QAction::triggered, this, [this, index] { showPage(index); });
    }
}

void MainWindow::setTheme(Theme theme)
{
    m_theme = theme;
    applyTheme(*qApp, m_theme, m_fontScale);
    for (QAction* action : m_themeGroup->actions()) action->setChecked(action->data().toString() == themeName(theme));
    for (QWidget* made : m_host->madePages()) {
        if (auto* styled = dynamic_cast<StyledPage*>(made)) styled->setAppearance(m_theme, m_fontScale);
    }
    m_context.settings().setValue("theme", themeName(theme));
}

void MainWindow::setFontScale(double scale)
{
    // A NaN or infinite scale (a hand-edited or damaged settings file) would reach ImGui's font atlas and abort:
    // it falls back to 1 (issue #29).
    if (!std::isfinite(scale)) scale = 1.0;
    m_fontScale = std::clamp(std::round(scale * 10.0) / 10.0, minFontScale, maxFontScale);
    applyTheme(*qApp, m_theme, m_fontScale);
    m_sections->fitToFont(); // names stay whole at every text size (wrapped on projectors)
    for (QWidget* made : m_host->madePages()) {
        if (auto* styled = dynamic_cast<StyledPage*>(made)) styled->setAppearance(m_theme, m_fontScale);
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
    s.setValue("window/page", QString::fromStdString(currentPageId()));
    for (QWidget* made : m_host->madePages()) {
        if (auto* persistent = dynamic_cast<PersistentPage*>(made)) persistent->saveState();
    }
}

double MainWindow::presenterFontScale() const
{
    double scale = m_context.settings().value("presenter/fontScale", 1.8).toDouble();
    if (!std::isfinite(scale)) scale = 1.8;
    return std::clamp(std::max(scale, m_scaleBeforePresenter), 1.5, maxFontScale);
}

double MainWindow::resetFontScale() const { return m_presenter != nullptr && m_presenter->active() ? presenterFontScale() : 1.0; }

void MainWindow::enterPresenter()
{
    m_themeBeforePresenter = m_theme;
    m_scaleBeforePresenter = m_fontScale;
    setTheme(Theme::HighContrast);
    setFontScale(presenterFontScale());
    m_sections->hide();
    menuBar()->hide();
    static_cast<StatusLine*>(statusBar())->setInfoHidden(true); // the status line is for the presenter's step messages
    for (QWidget* made : m_host->madePages()) setPageHintShown(made, false);
}

void MainWindow::leavePresenter()
{
    m_sections->show();
    menuBar()->show();
    static_cast<StatusLine*>(statusBar())->setInfoHidden(false);
    for (QWidget* made : m_host->madePages()) setPageHintShown(made, true);
    setTheme(m_themeBeforePresenter);
    setFontScale(m_scaleBeforePresenter);
}

QString MainWindow::presenterStep(int direction)
{
    QWidget* current = m_pages->currentWidget();
    auto* animated = dynamic_cast<AnimatedPage*>(current);
    // A page another page opened (a lesson's "Show me"): the next step of the talk is back there,
    // after the animation's last frame on animated pages.
    if (m_openedBy && m_openedBy->target == current) {
        if (direction > 0 ? (animated == nullptr || animated->animationAtEnd()) : animated == nullptr) {
            const int back = m_openedBy->returnTo;
            m_openedBy.reset();
            showPage(back);
            return tr("Back to %1").arg(currentPageName());
        }
    }
    if (animated != nullptr) return animated->stepAnimation(direction);
    // Elsewhere the arrows walk through the pages, the order a talk usually follows.
    showPage(std::clamp(m_pages->currentIndex() + direction, 0, pageCount() - 1));
    return tr("Page %1 of %2: %3").arg(m_pages->currentIndex() + 1).arg(pageCount()).arg(currentPageName());
}

QString MainWindow::presenterTogglePlay()
{
    auto* animated = dynamic_cast<AnimatedPage*>(m_pages->currentWidget());
    return animated != nullptr ? animated->togglePlay() : QString();
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
