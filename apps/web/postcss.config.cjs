// Breakpoints are written as plain em values in the CSS modules (Biome cannot parse postcss variables).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
