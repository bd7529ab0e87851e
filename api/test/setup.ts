// PGlite needs 2-4 s to load its WASM and run the migrations in each file's beforeAll.
// Under a loaded 2-core runner a boot took over 30 s; 60 s keeps a slow machine from failing a suite.
jest.setTimeout(60_000);
