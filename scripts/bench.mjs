#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --skip-build]`: the benchmark lives in bench/ (see bench/run.mjs).
import '../bench/run.mjs';
