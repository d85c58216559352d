#!/bin/sh
# Build the peers that bench/run.py times beside loopsat, from their public sources, into
# build/peers/ (git ignores it). Nothing is downloaded here: CI has no network but the package
# registries, so each source tree is an argument.
#
#   bench/peers_build.sh tatham DIR   Simon Tatham's puzzles (e.g. `apt-get source sgt-puzzles`,
#                                     a clone of his git, or of the x-sheep/puzzles fork):
#                                     build/peers/loopy-solver, and build/peers/pearl-solver where
#                                     DIR's pearl.c has a solver main (x-sheep's has; 20230122's
#                                     STANDALONE_SOLVER build is a soak test).
#   bench/peers_build.sh cspuz DIR    semiexp/cspuz_core with its submodules (glucose, cadical,
#                                     glucose_rs): build/peers/cspuz-run-solver (cargo; its
#                                     dependencies come from crates.io).
#
# A peer that cannot be built is said on stderr with the reason; the exit status is then 1.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/build/peers"
mkdir -p "$out"

build_tatham() {
    src=$1
    command -v "${CC:-cc}" >/dev/null || { echo "peers: no C compiler (\$CC or cc)" >&2; return 1; }
    objects=$(mktemp -d)
    trap 'rm -rf "$objects"' EXIT
    # A fork's puzzles.h may name an enum tag it never defines (x-sheep: `enum { ... }
    # colourpreset_type;`, then `enum colourpreset_type` in a prototype), which misc.c cannot
    # compile. A file that fails is retried once with this line forced in first: it completes
    # that tag, and nothing a solver reads depends on it.
    printf 'enum colourpreset_type { PEERS_BUILD_UNUSED_PRESET };\n' >"$objects/fixups.h"
    # The library every puzzle links (CMakeLists.txt's `common`), less the GUI: those files this
    # version has and can build (a fork's front-end changes may break one; the link then says
    # whether a solver needed it). A static archive, as CMake makes it: the linker takes only
    # what is called, the front end's stubs before drawing.c's.
    # -fcommon: some versions declare variables in puzzles.h without `extern`.
    for name in combi divvy drawing dsf findloop grid hat latin laydomino loopgen malloc matching \
        midend misc penrose penrose-legacy ps random sort spectre tdq tree234 version; do
        [ -f "$src/$name.c" ] || continue
        "${CC:-cc}" -O2 -w -fcommon -I"$src" -c "$src/$name.c" -o "$objects/$name.o" 2>/dev/null ||
            "${CC:-cc}" -O2 -w -fcommon -include "$objects/fixups.h" -I"$src" -c "$src/$name.c" \
                -o "$objects/$name.o" 2>/dev/null ||
            echo "peers: left out $name.c, which does not compile here" >&2
    done
    ar rcs "$objects/libcommon.a" "$objects"/*.o
    # The front end: nullfe.c, the stubs Tatham's own solver builds link. A fork that reworks the
    # drawing API (x-sheep's gluefe.h: start_draw returns int, a struct blitter of its own) breaks
    # nullfe.c; then these, the few front-end calls a standalone solver links and never reaches.
    frontend="$src/nullfe.c"
    if ! "${CC:-cc}" -O2 -w -fcommon -I"$src" -c "$frontend" -o "$objects/frontend.o" 2>/dev/null; then
        frontend="$objects/frontend.c"
        cat >"$frontend" <<'STUBS'
#include <stdarg.h>
#include "puzzles.h"
void fatal(const char *fmt, ...)
{ va_list ap; fputs("fatal error: ", stderr); va_start(ap, fmt); vfprintf(stderr, fmt, ap);
  va_end(ap); fputc('\n', stderr); exit(1); }
void get_random_seed(void **seed, int *size)
{ char *c = snewn(1, char); *c = 0; *seed = c; *size = 1; }
void frontend_default_colour(frontend *fe, float *output) {}
void activate_timer(frontend *fe) {}
void deactivate_timer(frontend *fe) {}
void check_abort(void) {}
void document_add_puzzle(document *doc, const game *game, game_params *par,
                         game_ui *ui, game_state *st, game_state *st2) {}
STUBS
        echo "peers: $src/nullfe.c does not compile here; linking the script's own front-end stubs" >&2
    fi
    for game in loopy pearl; do
        if ! grep -q 'usage: %s \[-g' "$src/$game.c"; then
            echo "peers: $src/$game.c has no standalone solver (its STANDALONE_SOLVER main is no solver)" >&2
            continue
        fi
        # pearl.c's grader names the level by its solver's return value (1, solved: always
        # "Tricky") where it means the level it solved at: the copy compiled reads the level.
        sed 's/pearl_diffnames\[ret\]/pearl_diffnames[diff]/' "$src/$game.c" >"$objects/$game.c"
        "${CC:-cc}" -O2 -w -fcommon -DSTANDALONE_SOLVER -I"$src" -o "$out/$game-solver" \
            "$frontend" "$objects/$game.c" "$objects/libcommon.a" -lm
        echo "peers: built $out/$game-solver"
    done
}

build_cspuz() {
    src=$1
    command -v cargo >/dev/null || { echo "peers: no cargo" >&2; return 1; }
    for module in glucose cadical glucose_rs; do
        [ -n "$(ls -A "$src/cspuz_core/lib/$module" 2>/dev/null)" ] ||
            { echo "peers: $src/cspuz_core/lib/$module is empty: clone with --recurse-submodules" >&2; return 1; }
    done
    (cd "$src" && CARGO_TARGET_DIR="$out/cspuz-target" cargo build --release -p cspuz_solver_backend --bin run_solver)
    cp "$out/cspuz-target/release/run_solver" "$out/cspuz-run-solver"
    echo "peers: built $out/cspuz-run-solver"
}

case "${1:-}" in
tatham) build_tatham "${2:?source directory}" ;;
cspuz) build_cspuz "${2:?source directory}" ;;
*)
    sed -n '2,16s/^# \{0,1\}//p' "$0" >&2
    exit 2
    ;;
esac
