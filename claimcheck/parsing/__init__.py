"""Turn source tables into observations: cells, labels, layouts."""
