// SPDX-License-Identifier: MIT
// The page contract: what every page gets (services) and the small capabilities a page may
// implement (lesson target, animation, appearance, menu commands). The window knows pages only
// through these and the page modules (page_module.hpp); it knows no page by type.
#pragma once

#include "app/gui/theme.hpp"
#include "labs/guided/lesson_engine.hpp"
#include "labs/guided/settings_binding.hpp"
#include "models/figure/figure.hpp"

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <expected>
#include <map>
#include <optional>
#include <string>

class QAction;

namespace accelscope::gui {

class AppContext;

/// Settings as a lesson action writes them: key → value text. Keys and value ranges are the
/// page's contract (labs/guided/pages/<id>.cpp); the page's SettingsBinding checks each value.
/// A page may also take keys that only other pages send (the Labs page sends the Roofline and
/// Memory pyramid pages `measured`: comma-separated ids of stored lab results).
using PageSettings = std::map<std::string, std::string>;

/// How a page reaches another page: by its stable id, never by type.
class PageNavigator {
public:
    virtual ~PageNavigator() = default;
    /// Shows page `id` and applies `settings` through its LessonTarget. Returns the keys that were
    /// not applied (empty: all were). A page that does not exist is a programmer error (asserted).
    virtual QStringList openPage(const std::string& id, const PageSettings& settings) = 0;
    /// The state page `id` reports for a lesson's state check; nothing when it reports none.
    virtual std::optional<labs::guided::PageState> pageState(const std::string& id) const = 0;
    /// The same state as typed values: cheap to compare, for watching a page for changes.
    virtual std::optional<labs::guided::TypedState> pageValues(const std::string& id) const = 0;
};

/// A page's desk help (how to use it, its shortcuts) goes in a widget named "pageHint": presenter
/// mode hides it, so the chart gets its lines on a projector.
inline constexpr const char* pageHintName = "pageHint";
/// Shows or hides `page`'s desk help (nothing happens for a page not made yet, `page` null).
inline void setPageHintShown(QWidget* page, bool shown)
{
    if (page == nullptr) return;
    for (QWidget* hint : page->findChildren<QWidget*>(pageHintName)) hint->setVisible(shown);
}

/// What every page's constructor gets from the window.
struct PageServices {
    AppContext& context;
    PageNavigator& navigator;
};

/// A page a lesson can set up ("Show me") and read (state checks): it binds each key of its
/// contract (labs/guided/pages/<id>.cpp) once to a typed getter and setter; the binding checks and
/// applies settings and reports the state. Its controls take their ranges from the same contract.
class LessonTarget {
public:
    virtual ~LessonTarget() = default;
    virtual labs::guided::SettingsBinding& settingsBinding() = 0;
};

/// A page whose view is an animation presenter mode can step and play.
class AnimatedPage {
public:
    virtual ~AnimatedPage() = default;
    /// One step forward (`direction` > 0) or back; pauses playback. Returns what the status line says.
    virtual QString stepAnimation(int direction) = 0;
    /// Whether the last step is shown (a talk moves on from here). Not const: the step count may
    /// be computed on first use (a simulation run lazily).
    virtual bool animationAtEnd() = 0;
    /// Plays or pauses; returns what the status line says (empty: nothing plays on this page).
    virtual QString togglePlay() = 0;
};

/// A page that follows the window's theme and text size.
class StyledPage {
public:
    virtual ~StyledPage() = default;
    virtual void setAppearance(Theme theme, double fontScale) = 0;
};

/// A page that adds commands to the window's menus. Each action's "menu" property names the menu
/// ("file" or "view"); a true "showsPage" property makes the window show the page first.
class PageCommands {
public:
    virtual ~PageCommands() = default;
    virtual QList<QAction*> menuCommands() = 0;
};

/// A page whose chart can be exported alone as a figure for slides ("Export figure…", Ctrl+Shift+E):
/// title, the chart with no controls, legend, statistics, units and sources, at the current
/// animation step. The window renders it (app/gui/figure_export) to PNG at 2x or SVG.
class FigurePage {
public:
    virtual ~FigurePage() = default;
    /// The figure as the page shows it now, drawn for the light (`dark` false) or dark theme; or
    /// why there is nothing to export now ("no lab result is shown"), for the action's tooltip.
    virtual std::expected<models::figure::Figure, QString> figure(bool dark) = 0;
};

/// A page that keeps state across runs (saved when the window closes).
class PersistentPage {
public:
    virtual ~PersistentPage() = default;
    virtual void saveState() = 0;
};

} // namespace accelscope::gui
