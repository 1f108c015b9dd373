// SPDX-License-Identifier: MIT
// SQLite connection and statement wrappers; every status code is checked here.
#include "models/catalog/sqlite_db.hpp"

#include <sqlite3.h>

namespace accelscope::models::catalog {
namespace {

std::unexpected<Error> sqlError(sqlite3* db, const std::string& what)
{
    return fail(ErrorCode::Database, what + ": " + (db != nullptr ? sqlite3_errmsg(db) : "out of memory"));
}

} // namespace

void Statement::finalize(sqlite3_stmt* statement) { sqlite3_finalize(statement); }

Statement& Statement::bind(int index, std::string_view text)
{
    m_bindFailed |= sqlite3_bind_text(m_statement.get(), index, text.data(), static_cast<int>(text.size()),
                                      SQLITE_TRANSIENT) != SQLITE_OK;
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    m_bindFailed |= sqlite3_bind_double(m_statement.get(), index, value) != SQLITE_OK;
    return *this;
}

Statement& Statement::bind(int index, std::int64_t value)
{
    m_bindFailed |= sqlite3_bind_int64(m_statement.get(), index, value) != SQLITE_OK;
    return *this;
}

Statement& Statement::bindNull(int index)
{
    m_bindFailed |= sqlite3_bind_null(m_statement.get(), index) != SQLITE_OK;
    return *this;
}

Statement& Statement::bindOptional(int index, std::string_view text)
{
    return text.empty() ? bindNull(index) : bind(index, text);
}

Result<bool> Statement::step()
{
    if (m_bindFailed) {
        return sqlError(m_db, "binding a parameter");
    }
    const int status = sqlite3_step(m_statement.get());
    if (status == SQLITE_ROW) {
        return true;
    }
    if (status == SQLITE_DONE) {
        return false;
    }
    return sqlError(m_db, "running '" + std::string(sqlite3_sql(m_statement.get())) + "'");
}

Result<void> Statement::run()
{
    while (true) {
        auto row = step();
        if (!row) {
            return std::unexpected(row.error());
        }
        if (!*row) {
            return {};
        }
    }
}

Result<void> Statement::reset()
{
    sqlite3_reset(m_statement.get());
    if (sqlite3_clear_bindings(m_statement.get()) != SQLITE_OK) {
        return sqlError(m_db, "clearing bindings");
    }
    m_bindFailed = false;
    return {};
}

std::string Statement::text(int column) const
{
    const auto* data = sqlite3_column_text(m_statement.get(), column);
    return data == nullptr ? std::string{} : std::string(reinterpret_cast<const char*>(data));
}

double Statement::real(int column) const { return sqlite3_column_double(m_statement.get(), column); }
std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(m_statement.get(), column); }
bool Statement::isNull(int column) const { return sqlite3_column_type(m_statement.get(), column) == SQLITE_NULL; }

Database::Database(sqlite3* db, std::filesystem::path path) : m_db(db, &close), m_path(std::move(path)) {}

void Database::close(sqlite3* db) { sqlite3_close_v2(db); }

Result<Database> Database::open(const std::filesystem::path& path, OpenMode mode)
{
    sqlite3* raw = nullptr;
    const int flags = mode == OpenMode::ReadOnly ? SQLITE_OPEN_READONLY
                                                 : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    const int status = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    Database db(raw, path);
    if (status != SQLITE_OK) {
        return sqlError(raw, "opening " + path.string());
    }
    sqlite3_extended_result_codes(raw, 1);
    sqlite3_busy_timeout(raw, 2000);
    return db;
}

Result<Statement> Database::prepare(std::string_view sql) const
{
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(m_db.get(), sql.data(), static_cast<int>(sql.size()), &statement, nullptr) != SQLITE_OK) {
        return sqlError(m_db.get(), "preparing '" + std::string(sql) + "' on " + m_path.string());
    }
    return Statement(m_db.get(), statement);
}

Result<void> Database::execute(std::string_view sql) const
{
    char* message = nullptr;
    if (sqlite3_exec(m_db.get(), std::string(sql).c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        std::string text = message != nullptr ? message : "unknown error";
        sqlite3_free(message);
        return fail(ErrorCode::Database, m_path.string() + ": " + text);
    }
    return {};
}

Result<std::int64_t> Database::queryInteger(std::string_view sql) const
{
    auto statement = prepare(sql);
    if (!statement) {
        return std::unexpected(statement.error());
    }
    auto row = statement->step();
    if (!row) {
        return std::unexpected(row.error());
    }
    if (!*row) {
        return fail(ErrorCode::Database, "'" + std::string(sql) + "' returned no row");
    }
    return statement->integer(0);
}

int Database::changes() const { return sqlite3_changes(m_db.get()); }

std::string sqliteVersion() { return sqlite3_libversion(); }

} // namespace accelscope::models::catalog
