// SPDX-License-Identifier: MIT
// accelscope-cli: every Accelscope computation, headless, as text or --json.
#include "app/cli/cli_app.hpp"

#include <exception>
#include <iostream>

int main(int argc, char** argv)
{
    try {
        std::ios::sync_with_stdio(false); // large stdin/stdout streams (format encode) stay fast
        return accelscope::cli::runCli(argc, argv, std::cin, std::cout, std::cerr);
    } catch (const std::exception& e) {
        std::cerr << "accelscope-cli: internal error: " << e.what() << "\n";
    } catch (...) {
        std::cerr << "accelscope-cli: internal error\n";
    }
    return 1;
}
