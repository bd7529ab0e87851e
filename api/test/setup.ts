// PGlite needs 2-4 s to load its WASM and run the migrations in each file's beforeAll.
jest.setTimeout(30_000);
