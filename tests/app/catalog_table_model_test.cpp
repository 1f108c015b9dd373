// SPDX-License-Identifier: MIT
// The catalog table model and its filter proxy under QAbstractItemModelTester.
#include "app/gui/catalog/catalog_filter_proxy.hpp"
#include "app/gui/catalog/catalog_table_model.hpp"
#include "tests/app/gui_fixture.hpp"

#include <QAbstractItemModelTester>

using namespace accelscope::gui;
using namespace accelscope::models::catalog;

TEST_CASE("the catalog table model passes QAbstractItemModelTester")
{
    accelscope::tests::GuiFixture fixture;
    CatalogTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setDevices(&fixture.context->catalog().devices);
    CHECK(model.rowCount() == static_cast<int>(fixture.context->catalog().devices.size()));
    CHECK(model.columnCount() == CatalogTableModel::FirstFigure + static_cast<int>(allFigures().size()));
    model.setDevices(nullptr);
    CHECK(model.rowCount() == 0);
}

TEST_CASE("headers carry units and figure cells sort as numbers")
{
    accelscope::tests::GuiFixture fixture;
    CatalogTableModel model;
    model.setDevices(&fixture.context->catalog().devices);
    const int bandwidth = CatalogTableModel::columnOf(FigureKey::MemoryBwGbs);
    CHECK(model.headerData(bandwidth, Qt::Horizontal).toString() == "Memory bandwidth [GB/s]");
    CHECK(model.headerData(CatalogTableModel::columnOf(FigureKey::Bf16TflopsDense), Qt::Horizontal).toString() ==
          "BF16 tensor dense [TFLOP/s]");

    CatalogFilterProxy proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    proxy.setSourceModel(&model);
    proxy.sort(bandwidth, Qt::DescendingOrder);
    // Descending by number: missing values (+inf sort key) first, then 21 PB/s Cerebras … so
    // compare consecutive finite values instead of strings ("900" > "8000" as text).
    double previous = std::numeric_limits<double>::infinity();
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const double value = proxy.index(row, bandwidth).data(CatalogTableModel::SortRole).toDouble();
        CHECK(value <= previous);
        previous = value;
    }
}

TEST_CASE("the filter proxy applies the same DeviceFilter as the CLI")
{
    accelscope::tests::GuiFixture fixture;
    CatalogTableModel model;
    model.setDevices(&fixture.context->catalog().devices);
    CatalogFilterProxy proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    proxy.setSourceModel(&model);
    DeviceFilter filter;
    filter.kinds = {DeviceKind::Tpu};
    proxy.setFilter(filter);
    const auto expected = filterDevices(fixture.context->catalog().devices, filter).size();
    CHECK(proxy.rowCount() == static_cast<int>(expected));
    CHECK(expected >= 5);
    for (int row = 0; row < proxy.rowCount(); ++row) {
        CHECK(proxy.index(row, CatalogTableModel::Kind).data().toString() == "tpu");
    }
    filter.text = "no-such-device-anywhere";
    proxy.setFilter(filter);
    CHECK(proxy.rowCount() == 0);
}

TEST_CASE("derived figures are italic and explain their formula")
{
    accelscope::tests::GuiFixture fixture;
    CatalogTableModel model;
    model.setDevices(&fixture.context->catalog().devices);
    int checked = 0;
    for (int row = 0; row < model.rowCount() && checked < 5; ++row) {
        const Device* d = model.deviceAt(row);
        const Figure* f = d->figure(FigureKey::Bf16TflopsDense);
        if (f == nullptr || f->provenance != Provenance::Derived) continue;
        const QModelIndex index = model.index(row, CatalogTableModel::columnOf(FigureKey::Bf16TflopsDense));
        CHECK(index.data(Qt::FontRole).value<QFont>().italic());
        CHECK(index.data(Qt::ToolTipRole).toString().contains(QString::fromStdString(f->formula)));
        ++checked;
    }
    CHECK(checked > 0);
}

TEST_CASE("a figure not read in a stored copy of its source is unverified in the table and says so in its tooltip")
{
    accelscope::tests::GuiFixture fixture;
    CatalogTableModel model;
    model.setDevices(&fixture.context->catalog().devices);
    int unverified = 0;
    int verified = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const Figure* f = model.deviceAt(row)->figure(FigureKey::TdpW);
        if (f == nullptr) continue;
        const QModelIndex index = model.index(row, CatalogTableModel::columnOf(FigureKey::TdpW));
        const QString tip = index.data(Qt::ToolTipRole).toString();
        if (f->verified) {
            ++verified;
            CHECK(index.data(CatalogTableModel::ProvenanceRole).toString() != "unverified");
            CHECK_FALSE(tip.contains("unverified"));
        } else {
            ++unverified;
            CHECK(index.data(CatalogTableModel::ProvenanceRole).toString() == "unverified");
            CHECK(tip.contains("unverified: not read in a stored copy of the source"));
        }
    }
    CHECK(unverified > 0); // AMD's MI-series board powers, Intel's Gaudi 3 PCIe and Max 1550/1100
    CHECK(verified > 0);
}

TEST_CASE("the status column shows the lifecycle status derived from the sourced dates")
{
    accelscope::tests::GuiFixture fixture;
    CatalogTableModel model;
    const auto& devices = fixture.context->catalog().devices;
    model.setDevices(&devices);
    CHECK(model.headerData(CatalogTableModel::Status, Qt::Horizontal).toString() == "Status");
    int shipping = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const Device& d = devices[static_cast<std::size_t>(row)];
        const QString shown = model.data(model.index(row, CatalogTableModel::Status)).toString();
        const auto status = lifecycleStatus(d.lifecycle, lifecycleAsOf);
        CHECK(shown.toStdString() == (status ? std::string(lifecycleStatusName(*status)) : std::string()));
        shipping += shown == "shipping";
        if (d.id == "nvidia-gb200-nvl72") {
            CHECK(shown == "shipping");
            CHECK(model.data(model.index(row, CatalogTableModel::Status), Qt::ToolTipRole).toString().contains("shipping since 2025-02-04"));
        }
    }
    CHECK(shipping >= 4);
}
