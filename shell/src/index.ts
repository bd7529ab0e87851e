// The shell's shared singletons are eager (in this entry chunk, see rsbuild.config.ts), so no async
// boundary is needed before React code runs: the whole shell is one request after the HTML.
import './bootstrap';
