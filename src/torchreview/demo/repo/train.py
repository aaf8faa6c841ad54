"""Train a small image classifier (demo project for torchreview)."""

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from data import ShapesDataset
from model import SmallCNN


def evaluate(model, loader, device):
    model.eval()
    correct = 0
    with torch.no_grad():
        for images, labels in loader:
            images, labels = images.to(device), labels.to(device)
            correct += (model(images).argmax(dim=1) == labels).sum().item()
    return correct / len(loader.dataset)


def train(epochs=10, lr=0.01, device="cuda", max_grad_norm=1.0):
    model = SmallCNN().to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    train_loader = DataLoader(ShapesDataset("train"), batch_size=64, shuffle=True, num_workers=4)
    val_loader = DataLoader(ShapesDataset("val"), batch_size=256, num_workers=4)

    optimizer.zero_grad()
    for epoch in range(epochs):
        model.train()
        running_loss = 0.0
        for images, labels in train_loader:
            images, labels = images.to(device), labels.to(device)
            logits = model(images)
            loss = F.cross_entropy(logits, labels)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
            optimizer.step()
            running_loss += loss.item()
        accuracy = evaluate(model, val_loader, device)
        print(f"epoch {epoch}: loss {running_loss / len(train_loader):.3f}, val acc {accuracy:.3f}")
    torch.save(model.state_dict(), "model.pt")


if __name__ == "__main__":
    train()
