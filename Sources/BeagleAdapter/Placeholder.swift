enum BeagleAdapterPlaceholder {}
