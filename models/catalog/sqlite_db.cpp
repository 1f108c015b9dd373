// SPDX-License-Identifier: MIT
// SQLite connection and statement wrappers; every status code is checked here.
#include "models/catalog/sqlite_db.hpp"

#include "models/common/bounded_file.hpp"

#include <sqlite3.h>

namespace accelscope::models::catalog {
namespace {

/// What SQLite's error means for the user and what to do about it, in words (issue #29: "UNIQUE
/// constraint failed", "unable to open database file", "disk I/O error" and "database disk image is
/// malformed" said neither); empty for errors that are the program's own (SQL text, binding).
std::string advice(int extendedCode, const std::string& file)
{
    switch (extendedCode & 0xFF) {
    case SQLITE_CONSTRAINT:
        if (extendedCode == SQLITE_CONSTRAINT_UNIQUE || extendedCode == SQLITE_CONSTRAINT_PRIMARYKEY) {
            return "an entry with the same id is already stored (did another import run at the same time?); nothing was "
                   "written";
        }
        return {};
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
        return "cannot write " + file + " (its folder or the file is read-only, or missing); give a writable --user-db "
               "or make the folder writable";
    case SQLITE_FULL: return "the disk holding " + file + " is full; free some space and try again; nothing was written";
    case SQLITE_IOERR: return "the disk reported an error while using " + file + " (full, removed or failing?)";
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return file + " is damaged; `accelscope-cli userdb check` says what is wrong, `accelscope-cli userdb reset` "
               "keeps it as a backup and starts an empty one";
    case SQLITE_BUSY:
    case SQLITE_LOCKED: return file + " is busy: another Accelscope is writing it; try again";
    default: return {};
    }
}

std::unexpected<Error> sqlError(sqlite3* db, const std::string& what, const std::string& file = {})
{
    if (db == nullptr) return fail(ErrorCode::Database, what + ": out of memory");
    const char* name = sqlite3_db_filename(db, "main");
    const std::string shown = !file.empty() ? file : name != nullptr && *name != '\0' ? name : "the database";
    const std::string words = advice(sqlite3_extended_errcode(db), shown);
    if (!words.empty()) return fail(ErrorCode::Database, words + " (SQLite: " + sqlite3_errmsg(db) + ")");
    return fail(ErrorCode::Database, what + ": " + sqlite3_errmsg(db));
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
    // A database is a regular file (a link to one is followed): SQLite would open /dev/null and then write its
    // journal beside it, /dev/null-journal (issue #29), and a FIFO would block.
    std::error_code ec;
    const auto kind = std::filesystem::status(path, ec).type();
    if (!ec && kind != std::filesystem::file_type::not_found && kind != std::filesystem::file_type::regular) {
        return fail(ErrorCode::Io, path.string() + ": " + std::string(fileKindName(kind)) + ", not a database file: give a file name");
    }
    sqlite3* raw = nullptr;
    const int flags = mode == OpenMode::ReadWriteCreate ? (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
                      : mode == OpenMode::Snapshot      ? (SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
                                                        : SQLITE_OPEN_READONLY;
    std::string name = path.string();
    if (mode == OpenMode::Snapshot) {
        // A URI path: '%', '?' and '#' would end or escape it.
        std::string escaped = "file:";
        for (const char ch : std::filesystem::absolute(path).string()) {
            if (ch == '%' || ch == '?' || ch == '#') {
                constexpr char digits[] = "0123456789ABCDEF";
                escaped += {'%', digits[(ch >> 4) & 0xF], digits[ch & 0xF]};
            } else {
                escaped += ch;
            }
        }
        name = escaped + "?immutable=1";
    }
    const int status = sqlite3_open_v2(name.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    Database db(raw, path);
    if (status != SQLITE_OK) {
        return sqlError(raw, "opening " + path.string(), path.string());
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
        if (const std::string words = advice(sqlite3_extended_errcode(m_db.get()), m_path.string()); !words.empty()) {
            return fail(ErrorCode::Database, words + " (SQLite: " + text + ")");
        }
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
