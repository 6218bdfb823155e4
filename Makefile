# Minca Desktop. Two commands set everything up on a fresh Debian/Ubuntu
# machine (system packages with apt as root or via sudo, npm packages):
#   make run    build and open the window
#   make test   go vet, go test ./..., Vitest, then the end-to-end tests
# No wails CLI needed: the binary is a plain `go build` with Wails' tags.

VERSION  := 0.1.0
REV      := $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
GO_TAGS  := desktop,production,webkit2_41
LDFLAGS  := -s -w -X minca.dev/desktop/app.Version=$(VERSION)+$(REV)
BIN      := bin/minca
NPM_CI   := npm ci --no-audit --no-fund --loglevel=error

FRONTEND_SRC := $(shell find frontend/src -type f) frontend/index.html \
	frontend/vite.config.ts frontend/svelte.config.js frontend/tsconfig.json

.PHONY: run test build setup setup-build setup-test npm frontend vet unit vitest e2e screenshots clean install-desktop

# On Linux, run also registers the built binary with the desktop for this
# user (install-desktop, quietly) so that minca: links open it; if that
# fails, the window opens all the same.
run: setup-build build
ifeq ($(shell uname -s),Linux)
	-@build/linux/install-desktop.sh --quiet $(CURDIR)/$(BIN)
endif
	./$(BIN)

test: setup-test build vet unit vitest e2e

setup-build:
	build/setup-system.sh build
	@$(MAKE) --no-print-directory npm

setup-test:
	build/setup-system.sh test
	@$(MAKE) --no-print-directory npm

npm: frontend/node_modules/.installed tests/node_modules/.installed

# npm ci only when the lock file changed since the last install.
frontend/node_modules/.installed: frontend/package-lock.json
	cd frontend && $(NPM_CI)
	touch $@

tests/node_modules/.installed: tests/package-lock.json
	cd tests && $(NPM_CI)
	touch $@

frontend: frontend/dist/index.html

frontend/dist/index.html: frontend/node_modules/.installed $(FRONTEND_SRC)
	cd frontend && npm run --silent build

build: frontend
	go build -tags $(GO_TAGS) -ldflags "$(LDFLAGS)" -o $(BIN) .

# Registers the built binary with the desktop: its .desktop entry (menu,
# minca: links) for this user.
install-desktop: build
	build/linux/install-desktop.sh $(CURDIR)/$(BIN)

vet: frontend
	go vet ./...

unit: frontend
	go test ./...

vitest: frontend/node_modules/.installed
	cd frontend && npm test --silent

e2e: build tests/node_modules/.installed
	MINCA_BIN=$(CURDIR)/$(BIN) tests/run-e2e.sh

# Regenerates the README's screenshots (docs/screenshots) from the real
# window under Xvfb: tests/window_screens_e2e_test.go.
screenshots: setup-test build
	MINCA_BIN=$(CURDIR)/$(BIN) MINCA_UPDATE_SCREENSHOTS=1 xvfb-run -a -s "-screen 0 1280x800x24" \
		dbus-run-session -- go test -tags e2e -count=1 -run 'TestWindowE2EScreens$$' ./tests

clean:
	rm -rf bin frontend/node_modules tests/node_modules
	find frontend/dist -mindepth 1 ! -name .gitkeep -delete
