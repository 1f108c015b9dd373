// SPDX-License-Identifier: MIT
// The Catalog page's module: its id, title, tooltip, how it is made and the settings contract it binds.
#include "app/gui/catalog/catalog_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::catalog {

PageModule pageModule()
{
    return {.id = "catalog",
            .title = QT_TRANSLATE_NOOP("Pages", "Catalog"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "Browse, search and filter every device with its sources"),
            .make = makePage<CatalogPage>,
            .contract = "catalog"};
}

} // namespace accelscope::gui::pages::catalog
