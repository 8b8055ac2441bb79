// The build is tsc plus this: tsc emits no icons, so the SVGs are copied beside the compiled files.
const { src, dest, task } = require('gulp');

task('build:icons', () =>
	src(['icons/**/*.{png,svg}', 'nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist')),
);
