// SPDX-License-Identifier: MIT
// Thin RAII wrappers over SQLite: a connection and prepared statements with bound parameters.
#pragma once

#include "models/common/result.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace accelscope::models::catalog {

/// A prepared statement. Values are always bound, never spliced into SQL text.
class Statement {
public:
    Statement(sqlite3* db, sqlite3_stmt* statement) : m_db(db), m_statement(statement, &finalize) {}

    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, double value);
    Statement& bind(int index, std::int64_t value);
    Statement& bindNull(int index);
    /// Binds text, or NULL when empty.
    Statement& bindOptional(int index, std::string_view text);

    /// Advances to the next row: true while rows remain; an error on failure.
    Result<bool> step();
    /// Runs to completion (for INSERT/UPDATE/DELETE).
    Result<void> run();
    Result<void> reset();

    std::string text(int column) const;
    double real(int column) const;
    std::int64_t integer(int column) const;
    bool isNull(int column) const;

private:
    static void finalize(sqlite3_stmt* statement);
    sqlite3* m_db;
    std::unique_ptr<sqlite3_stmt, void (*)(sqlite3_stmt*)> m_statement;
    bool m_bindFailed = false;
};

/// Whether a connection may write.
/// Snapshot: read-only without locks or a -shm file (SQLite's `immutable` URI parameter), for a
/// database in a folder that cannot be written; changes still in a -wal file are not seen.
enum class OpenMode { ReadOnly, ReadWriteCreate, Snapshot };

/// One SQLite connection.
class Database {
public:
    /// Opens `path`. Read-only opening fails when the file does not exist.
    static Result<Database> open(const std::filesystem::path& path, OpenMode mode);

    Result<Statement> prepare(std::string_view sql) const;
    /// Runs one or more statements without parameters (schema, pragmas, BEGIN/COMMIT).
    Result<void> execute(std::string_view sql) const;
    /// An integer from a one-row, one-column query without parameters.
    Result<std::int64_t> queryInteger(std::string_view sql) const;

    /// Rows changed by the last INSERT/UPDATE/DELETE.
    int changes() const;

    const std::filesystem::path& path() const { return m_path; }
    sqlite3* handle() const { return m_db.get(); }

private:
    Database(sqlite3* db, std::filesystem::path path);
    static void close(sqlite3* db);
    std::unique_ptr<sqlite3, void (*)(sqlite3*)> m_db;
    std::filesystem::path m_path;
};

/// Runs a function inside BEGIN IMMEDIATE … COMMIT; rolls back when it returns an error.
template <typename Function>
Result<void> inTransaction(const Database& db, Function&& body)
{
    if (auto begun = db.execute("BEGIN IMMEDIATE"); !begun) {
        return begun;
    }
    Result<void> outcome = body();
    if (!outcome) {
        static_cast<void>(db.execute("ROLLBACK"));
        return outcome;
    }
    return db.execute("COMMIT");
}

/// SQLite's library version string.
std::string sqliteVersion();

} // namespace accelscope::models::catalog
